// The outbox: every mail is a row before anything tries to send it, so an accepted mail is never lost
// (lib/mail/mailer.ts delivers the rows; without SMTP_URL they stay here for the operator). Rows are
// claimed for delivery with FOR UPDATE SKIP LOCKED and a lease, so instances sharing one database
// never send a mail twice at once, and a mail whose sender died is taken over when the lease ends.
import type { Db } from '@/lib/db/client';
import type { OutboxMail, Prisma } from '@/lib/db/generated/client';
import { newId } from '@/lib/accounts/ids';

export type { OutboxMail };

/** What a mail is about: the operator's listing and the tests tell mails apart by it. */
export type MailKind =
  | 'verify_email'
  | 'signup_existing'
  | 'reset_password'
  | 'password_changed'
  | 'change_email'
  | 'change_email_taken'
  | 'email_changed'
  | 'account_deleted'
  | 'address_proven'
  | 'payment_failed'
  | 'plan_ended'
  | 'enterprise_request'
  | 'support_request';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** The account the mail is about, if any (not a foreign key: a deleted account's confirmation stays). */
  userId?: string | null;
}

/**
 * Mails older than this are not sent any more (their links have expired): a delivery that failed for a
 * day, or mails kept while no SMTP server was configured, are not sent out of the blue once one is.
 */
export const MAIL_MAX_AGE_MS = 24 * 3600 * 1000;

/** The insert of one mail, for the caller's transaction (a mail and the token its link carries commit together). */
export function outboxInsert(db: Db | Prisma.TransactionClient, mail: Mail, now = new Date()) {
  return db.outboxMail.create({
    data: {
      id: newId('mail'),
      userId: mail.userId ?? null,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      kind: mail.kind,
      createdAt: now,
      nextAttemptAt: now,
    },
  });
}

export interface ClaimedMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attempts: number;
  kind: string;
  userId: string | null;
}

/**
 * Takes up to `limit` mails due at `now`: each one's attempt is counted and its next attempt put
 * `leaseMs` ahead, which is when another sender may take it over if this one never says how it went.
 */
export async function claimDueMails(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedMail[]> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  const oldest = new Date(now.getTime() - MAIL_MAX_AGE_MS);
  return db.$queryRaw<ClaimedMail[]>`
    UPDATE "OutboxMail" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${leaseUntil}
    WHERE "id" IN (
      SELECT "id" FROM "OutboxMail"
      WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= ${now} AND "createdAt" > ${oldest}
      ORDER BY "nextAttemptAt" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING "id", "to", "subject", "text", "attempts", "kind", "userId"`;
}

/** A link's token in a mail's text. */
const TOKEN_IN_LINK = /([?&]token=)[0-9A-Za-z]+/g;

/**
 * A delivered mail: its links' tokens are blanked in the stored copy (the recipient has them; a
 * reader of the database then finds no working reset link). Kept mails (no SMTP_URL) keep theirs:
 * the operator hands them on.
 */
export async function markSent(db: Db, mail: { id: string; text: string }, now = new Date()): Promise<void> {
  await db.outboxMail.update({ where: { id: mail.id }, data: { sentAt: now, lastError: null, text: mail.text.replace(TOKEN_IN_LINK, '$1(sent)') } });
}

/** A failed attempt: tried again at `retryAt`, or never again (`retryAt` null). */
export async function markFailed(db: Db, id: string, error: string, retryAt: Date | null, now = new Date()): Promise<void> {
  await db.outboxMail.update({
    where: { id },
    data: retryAt ? { nextAttemptAt: retryAt, lastError: error } : { failedAt: now, lastError: error },
  });
}

/** When the next unsent mail is due, or null when none is waiting. */
export async function nextDueAt(db: Db, now = new Date()): Promise<Date | null> {
  const row = await db.outboxMail.findFirst({
    where: { sentAt: null, failedAt: null, createdAt: { gt: new Date(now.getTime() - MAIL_MAX_AGE_MS) } },
    orderBy: { nextAttemptAt: 'asc' },
    select: { nextAttemptAt: true },
  });
  return row?.nextAttemptAt ?? null;
}

/** The operator's listing: the newest mails first. */
export function recentMails(db: Db, limit: number): Promise<OutboxMail[]> {
  return db.outboxMail.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
}

/** One line on where a mail stands, for the operator. */
export function mailStatus(mail: OutboxMail, smtpConfigured: boolean, now = new Date()): string {
  if (mail.sentAt) return `sent ${mail.sentAt.toISOString()}`;
  if (mail.failedAt) return `not sent: delivery stopped (${mail.lastError ?? 'failed'})`;
  if (!smtpConfigured) return 'kept in the outbox (no SMTP_URL)';
  if (now.getTime() - mail.createdAt.getTime() >= MAIL_MAX_AGE_MS) return `not sent: older than a day (${mail.lastError ?? 'never sent'})`;
  return mail.attempts === 0 ? 'waiting to be sent' : `not sent yet, ${mail.attempts} attempt(s): ${mail.lastError ?? ''}`.trim();
}

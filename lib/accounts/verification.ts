// Email verification: sign-up sends a link (a token, lib/accounts/tokens.ts) to the new account's
// address; following it sets emailVerifiedAt. The same link page confirms an email change (the token
// then carries the new address). Until verified, an account may hold one active API key (a trigger,
// migration 20261127100000_mail_and_account) and the dashboard shows a banner with "resend".
import type { Db } from '@/lib/db/client';
import type { MailSender } from '@/lib/mail/mailer';
import { emailChangedMail, verifyEmailMail } from '@/lib/mail/messages';
import { AccountError } from './errors';
import { limitMailRequests } from './mail-throttle';
import { issueToken, retireTokens, useToken } from './tokens';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

/** Whether the account's address is verified (false for an account that does not exist). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}

/** A new verification link to the account's address (earlier ones stop working); throttled per address. */
export async function sendVerification(
  db: Db,
  mail: MailSender,
  userId: string,
  origin: string,
  address: string,
): Promise<{ sent: boolean; email: string }> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AccountError('not_found', 'No such account.');
  if (user.emailVerifiedAt) return { sent: false, email: user.email };
  await limitMailRequests(db, 'verify', address);
  const { token, insert } = issueToken(db, user.id, 'verify_email', user.email);
  const [, , row] = await db.$transaction([
    retireTokens(db, user.id, ['verify_email']),
    insert,
    mail.insert(db, verifyEmailMail(user.email, user.id, origin, token)),
  ]);
  mail.accepted([row]);
  return { sent: true, email: user.email };
}

export type LinkOutcome = { kind: 'verified'; email: string } | { kind: 'email_changed'; email: string };

/**
 * Follows a link of /verify-email: a sign-up's (the address is verified) or an email change's (the
 * account's address becomes the new one, verified, and the old address is told). Single use; an
 * address taken by another account meanwhile is refused.
 */
export async function followEmailLink(db: Db, mail: MailSender, token: unknown, origin: string, now = new Date()): Promise<LinkOutcome> {
  try {
    const { outcome, notice } = await db.$transaction(async (tx) => {
      const row = await useToken(tx, token, ['verify_email', 'change_email'], now);
      const user = await tx.user.findUnique({ where: { id: row.userId } });
      if (!user || user.disabledAt) throw new AccountError('bad_request', 'This link belongs to an account that no longer exists.');
      if (row.purpose === 'verify_email') {
        // A link to an address the account no longer has verifies nothing.
        if (row.email !== user.email) throw new AccountError('bad_request', 'This link was sent to an address the account no longer uses.');
        await tx.user.update({ where: { id: user.id }, data: { emailVerifiedAt: user.emailVerifiedAt ?? now } });
        return { outcome: { kind: 'verified', email: user.email } as LinkOutcome, notice: null };
      }
      await tx.user.update({ where: { id: user.id }, data: { email: row.email, emailVerifiedAt: now } });
      await retireTokens(tx, user.id, ['verify_email', 'change_email', 'reset_password'], now);
      const notice = await mail.insert(tx, emailChangedMail(user.email, user.id, origin, row.email));
      return { outcome: { kind: 'email_changed', email: row.email } as LinkOutcome, notice };
    });
    if (notice) mail.accepted([notice]);
    return outcome;
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AccountError('bad_request', 'That address has an account of its own now, so this account cannot move to it.');
    throw err;
  }
}

/** SQLSTATE of the trigger that keeps an unverified account to one active key. */
const UNVERIFIED_KEY_SQLSTATE = 'YJ002';

function isUnverifiedKeyError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fields = e as { code?: unknown; originalCode?: unknown; meta?: { code?: unknown; driverAdapterError?: unknown }; cause?: unknown };
    if ([fields.code, fields.originalCode, fields.meta?.code].includes(UNVERIFIED_KEY_SQLSTATE)) return true;
    e = fields.cause ?? fields.meta?.driverAdapterError;
  }
  return false;
}

export const UNVERIFIED_KEY_MESSAGE =
  'Confirm your email address to create more keys: an account whose address is not verified may hold one active key. ' +
  'Open the link we mailed you, or ask for a new one on the dashboard.';

/** The key creation, with the trigger's refusal of an unverified account's second key as 403 forbidden. */
export async function refuseUnverifiedSecondKey<T>(creation: Promise<T>): Promise<T> {
  try {
    return await creation;
  } catch (err) {
    if (isUnverifiedKeyError(err)) throw new AccountError('forbidden', UNVERIFIED_KEY_MESSAGE);
    throw err;
  }
}

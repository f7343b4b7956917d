// Outgoing mail (part of lib/services: `services.mail`). A mail is written to the outbox first (the
// caller's request waits for that insert only, under the database's deadline), then:
// - no SMTP_URL (the embedded default): it stays in the outbox and the server's log says so (its id,
//   kind and account, never the address or the text); `npm run admin -- outbox` prints the recent ones
//   whole, so a self-hosted install can still confirm an address or reset a password;
// - SMTP_URL: it is sent through nodemailer in the background; a failed attempt is tried again after
//   1 s, 2 s, 4 s... (at most 5 minutes apart) for a day, and the outbox is also swept every 30 s for
//   mails another instance (or a process that stopped) left.
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { Prisma } from '@/lib/db/generated/client';
import { type Logger, silentLogger } from '@/lib/observability/logger';
import { type ClaimedMail, claimDueMails, type Mail, markFailed, markSent, nextDueAt, type OutboxMail, outboxInsert } from './outbox';

export type { Mail, MailKind } from './outbox';

/** What the accounts layer needs to send mail: the insert for its transaction, then the hand-over. */
export interface MailSender {
  /** The mail's outbox row, to be written in the caller's transaction. */
  insert(db: Db | Prisma.TransactionClient, mail: Mail): Prisma.PrismaPromise<OutboxMail>;
  /** After the transaction committed: the mails are logged (no SMTP) or delivered soon. */
  accepted(mails: readonly OutboxMail[]): void;
  /** insert + accepted, for a mail on its own. */
  send(db: Db, mail: Mail): Promise<void>;
}

export interface RetryPolicy {
  /** The first retry's delay; each next one doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long an attempt may hold a mail before another sender may take it over. */
  leaseMs: number;
  /** How often the outbox is swept for mails left by others. */
  sweepMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 5 * 60_000, leaseMs: 2 * 60_000, sweepMs: 30_000 };

/** Delay before the attempt after `attempts` failed ones. */
export const retryDelayMs = (attempts: number, policy: RetryPolicy = DEFAULT_RETRY) =>
  Math.max(1, Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1))));

/** nodemailer's own deadlines (ms): a server that accepts the connection and never answers costs one attempt, not a stuck sender. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** How long shutdown waits for mails being sent. */
const SHUTDOWN_WAIT_MS = 2_000;
/** Mails taken per claim. */
const BATCH = 10;

export class MailService implements MailSender {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly settings: MailSettings,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    private readonly log: Logger = silentLogger(),
  ) {
    this.transport = settings.smtpUrl ? nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  }

  /** True when mails are sent (SMTP_URL), false when they stay in the outbox. */
  get delivers(): boolean {
    return this.transport !== null;
  }

  insert(db: Db | Prisma.TransactionClient, mail: Mail) {
    return outboxInsert(db, mail);
  }

  accepted(mails: readonly OutboxMail[]): void {
    if (!this.transport) {
      // Neither the address nor the text: a log is no place for a secret (a link's token resets a password)
      // or for whom an account belongs to. The operator prints the whole mail with `npm run admin -- outbox`.
      for (const mail of mails) {
        this.log.info(
          { component: 'mail', mailId: mail.id, kind: mail.kind, accountId: mail.userId },
          'mail kept in the outbox (no SMTP_URL): `npm run admin -- outbox` prints it',
        );
      }
      return;
    }
    if (mails.length) this.wake();
  }

  async send(db: Db, mail: Mail): Promise<void> {
    this.accepted([await this.insert(db, mail)]);
  }

  /**
   * Starts the periodic sweep (with SMTP_URL): mails left unsent by a stopped process or another
   * instance are sent within `sweepMs`. The first sweep runs at once.
   */
  start(): void {
    if (!this.transport || this.sweeper || this.stopped) return;
    this.sweeper = setInterval(() => this.wake(), this.retry.sweepMs);
    this.sweeper.unref();
    this.wake();
  }

  /** Sends every due mail now; resolves when this round (and any asked for meanwhile) is done. */
  deliverDue(): Promise<void> {
    this.wake();
    return this.running ?? Promise.resolve();
  }

  /**
   * Stops the timers and gives the round under way a moment (SHUTDOWN_WAIT_MS) to finish; mails not
   * sent stay in the outbox (a mail cut off mid-send is sent again when its lease ends).
   */
  async shutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.running) await Promise.race([this.running.catch(() => {}), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
    this.transport?.close();
  }

  private wake(): void {
    if (!this.transport || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = null;
    });
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.round();
        await this.scheduleNext();
      } catch (err) {
        // The database did not answer: the sweep tries again.
        this.log.error({ err, component: 'mail' }, 'outbox delivery failed');
      }
    } while (this.again && !this.stopped);
  }

  private async round(): Promise<void> {
    // Only mails due when the round began: one that failed in it waits for its retry time, even a short one.
    const start = new Date();
    for (;;) {
      const due = await claimDueMails(this.db, start, this.retry.leaseMs, BATCH);
      if (due.length === 0) return;
      await Promise.all(due.map((mail) => this.deliver(mail)));
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.transport!.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const delay = retryDelayMs(mail.attempts, this.retry);
      this.log.warn(
        {
          component: 'mail',
          mailId: mail.id,
          kind: mail.kind,
          accountId: mail.userId,
          attempt: mail.attempts,
          retryInSeconds: Math.round(delay / 1000),
          reason: withoutAddresses(reason),
        },
        'mail delivery failed',
      );
      await markFailed(this.db, mail.id, reason.slice(0, 500), new Date(Date.now() + delay));
      return;
    }
    await markSent(this.db, mail);
  }

  /** A timer for the next mail due (a retry), if any comes before the next sweep. */
  private async scheduleNext(): Promise<void> {
    const due = await nextDueAt(this.db);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!due || this.stopped) return;
    const wait = Math.max(0, due.getTime() - Date.now());
    if (wait >= this.retry.sweepMs) return;
    this.timer = setTimeout(() => this.wake(), wait + 10);
    this.timer.unref();
  }
}

/** An SMTP server's reply may quote the recipient ("<a@b> rejected"): the log keeps the reason, not the address. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '(address)');

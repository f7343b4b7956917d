// A real SMTP server for the tests (the `smtp-server` package on 127.0.0.1, a free port): every
// message it accepts is parsed with mailparser and kept, and optionally appended to a JSON-lines file
// (the browser tests' global setup runs it in Playwright's main process; the tests read the file).
// It can be stopped and started again on the same port, to show that delivery is retried.
// Shared by vitest and Playwright: relative imports only, no vitest.
import { appendFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../lib/free-port';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** The first link of a mail that carries a token, or null. */
export function tokenLink(mail: ReceivedMail): string | null {
  return mail.text.match(/https?:\/\/\S+\?token=[0-9A-Za-z]+/)?.[0] ?? null;
}

export class SmtpMailbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;

  private constructor(
    readonly port: number,
    private readonly file: string | null,
  ) {}

  /** Starts a mailbox on a free port; `file` receives each mail as a JSON line. */
  static async start(file: string | null = null): Promise<SmtpMailbox> {
    const mailbox = new SmtpMailbox(await freePort(), file);
    await mailbox.listen();
    return mailbox;
  }

  /** SMTP_URL for the app. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== null;
  }

  /** Starts (again) on the same port. */
  async listen(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              receivedAt: new Date().toISOString(),
            };
            this.mails.push(mail);
            if (this.file) appendFileSync(this.file, `${JSON.stringify(mail)}\n`);
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => {});
    this.server = server;
  }

  /** Stops listening (connections are refused until listen() again). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Mails to `to` so far (optionally only those whose subject matches). */
  to(to: string, subject?: RegExp): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
  }

  /**
   * The `count`-th mail to `to` (whose subject matches), waiting for it: delivery happens after the
   * request that caused it has answered. `limitMs` is a safety net, not a speed goal.
   */
  async waitFor(to: string, subject: RegExp, { count = 1, limitMs = 60_000 } = {}): Promise<ReceivedMail> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const found = this.to(to, subject);
      if (found.length >= count) return found[count - 1]!;
      if (Date.now() > deadline) {
        throw new Error(
          `no mail ${subject} to ${to} (${found.length} of ${count}); received: ${this.mails.map((m) => `${m.to} ${m.subject}`).join('; ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// The mails the app sent, as the global setup's SMTP server received them (E2E_MAILBOX_FILE, one JSON
// line each), for tests that read a mail and follow its link.
import { existsSync, readFileSync } from 'node:fs';
import type { ReceivedMail } from '../../test/helpers/smtp-mailbox';

export { tokenLink } from '../../test/helpers/smtp-mailbox';
export type { ReceivedMail };

/** Whether the tests' own SMTP server is running (not when they run against E2E_BASE_URL's server). */
export const mailboxAvailable = () => Boolean(process.env.E2E_MAILBOX_FILE && existsSync(process.env.E2E_MAILBOX_FILE));

function received(): ReceivedMail[] {
  const file = process.env.E2E_MAILBOX_FILE;
  if (!file) throw new Error('no mailbox: the global setup starts one with the app (E2E_BASE_URL servers send their mail elsewhere)');
  const lines = readFileSync(file, 'utf8').split('\n');
  // The last piece is a mail still being written (or the empty one after the last newline): read again later.
  return lines
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/**
 * The `count`-th mail to `to` whose subject matches, waiting for it (mail goes out after the request
 * that caused it has answered). The limit is a safety net for a busy machine, not a speed goal.
 */
export async function waitForMail(to: string, subject: RegExp, { count = 1, limitMs = 60_000 } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = received().filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found.length >= count) return found[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail ${subject} to ${to} within ${limitMs / 1000} s (${found.length} of ${count})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of the mail's link (on the app's own origin). */
export function linkPath(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+\?token=[0-9A-Za-z]+/)?.[0];
  if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** The token of the mail's link. */
export function linkToken(mail: ReceivedMail): string {
  return new URLSearchParams(linkPath(mail).split('?')[1]).get('token')!;
}

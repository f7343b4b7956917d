// Requests to the operator from the dashboard: "talk to us" about Enterprise (then the operator grants it with
// `npm run admin -- set-plan`) and support (marked with the account's plan: Pro's and Enterprise's are priority).
// Each is recorded (SupportRequest) and mailed to OPERATOR_EMAIL through the outbox in one transaction.
import { newId } from '@/lib/accounts/ids';
import { AccountError } from '@/lib/accounts/errors';
import { PLANS } from '@/lib/accounts/plans';
import type { PublicUser } from '@/lib/accounts/public-user';
import { hasLoneSurrogate } from '@/lib/accounts/text';
import { releaseAttempts, reserveAttempt, throttledError } from '@/lib/accounts/throttle';
import type { Db } from '@/lib/db/client';
import type { MailSender } from '@/lib/mail/mailer';
import { operatorRequestMail } from '@/lib/mail/messages';

export type RequestKind = 'enterprise' | 'support';

/** A message is a mail's body: long enough for a real question, short enough not to be a dump. */
export const MESSAGE_MAX_LENGTH = 5_000;
/** Requests one account may send an hour: a person's pace, not a way to flood the operator's inbox. */
export const REQUESTS_PER_HOUR = 5;

/** Characters PostgreSQL cannot store, or that would be stored changed, and controls other than tab and line breaks. */
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function messageProblem(message: string): string | null {
  if (message.trim().length === 0) return 'Write a message.';
  if (message.length > MESSAGE_MAX_LENGTH)
    return `The message is ${message.length.toLocaleString('en-US')} characters; at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')}.`;
  if (UNSTORABLE.test(message) || hasLoneSurrogate(message)) return 'The message holds characters that are not text.';
  return null;
}

export interface OperatorRequest {
  id: string;
  kind: RequestKind;
  /** Where the answer goes: the account's address. */
  email: string;
  priority: boolean;
}

/** Records the request and mails it to the operator; 400 for an empty or oversized message, 429 past REQUESTS_PER_HOUR. */
export async function sendOperatorRequest(
  db: Db,
  mail: MailSender,
  input: { user: PublicUser; kind: RequestKind; message: string; operatorEmail: string; origin: string },
): Promise<OperatorRequest> {
  const { user, kind, operatorEmail, origin } = input;
  const message = input.message.replace(/\r\n?/g, '\n');
  const problem = messageProblem(message);
  if (problem) throw new AccountError('bad_request', problem);
  const attempt = await reserveAttempt(db, { key: `operator-request:${user.id}`, max: REQUESTS_PER_HOUR, windowSeconds: 3600 });
  if (attempt.waitSeconds > 0) {
    await releaseAttempts(db, [attempt]);
    throw throttledError('Too many requests from this account.', attempt.waitSeconds);
  }
  const plan = PLANS[user.plan];
  const id = newId('req');
  const [, row] = await db.$transaction([
    db.supportRequest.create({ data: { id, userId: user.id, kind, plan: user.plan, email: user.email, message } }),
    mail.insert(
      db,
      operatorRequestMail(
        operatorEmail,
        { kind, email: user.email, userId: user.id, plan: plan.name, priority: plan.prioritySupport, message },
        origin,
      ),
    ),
  ]);
  mail.accepted([row]);
  return { id, kind, email: user.email, priority: plan.prioritySupport };
}

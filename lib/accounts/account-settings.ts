// The account page's changes (/dashboard/account): password (the current one required; the other
// sessions end), email (a link to the new address; the address changes only when it is followed, and
// the old one is told then), and deletion (the password required; one `DELETE FROM "User"` whose
// cascade takes keys, usage, sessions and links with it, and a mail confirms it).
import type { Db } from '@/lib/db/client';
import type { MailSender } from '@/lib/mail/mailer';
import { accountDeletedMail, changeEmailMail, changeEmailTakenMail, passwordChangedMail } from '@/lib/mail/messages';
import { emailProblem, normalizeEmail } from './email';
import { AccountError } from './errors';
import { mayMail } from './mail-throttle';
import { hashPassword, PASSWORD_MAX_LENGTH, passwordProblem, verifyPassword } from './passwords';
import { sessionRowId } from './sessions';
import { releaseAttempts, reserveAttempt, throttledError } from './throttle';
import { issueToken, retireTokens } from './tokens';

const WRONG_PASSWORD = 'That is not your current password.';

/** Wrong passwords one account may give here per window (a stolen session cookie cannot guess the password). */
export const PASSWORD_CHECK_MAX_FAILURES = 10;
const PASSWORD_CHECK_WINDOW_SECONDS = 15 * 60;

/**
 * The account's row, once its password is checked (403 forbidden otherwise: the session stays signed
 * in). Failures are counted per account, like sign-in's, before the check: past the limit, 429.
 */
async function withPassword(db: Db, userId: string, password: string) {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.disabledAt) throw new AccountError('not_found', 'No such account.');
  const rule = { key: `account-password:${user.id}`, max: PASSWORD_CHECK_MAX_FAILURES, windowSeconds: PASSWORD_CHECK_WINDOW_SECONDS };
  const attempt = await reserveAttempt(db, rule);
  if (attempt.waitSeconds > 0) {
    await releaseAttempts(db, [attempt]);
    throw throttledError('Too many wrong passwords.', attempt.waitSeconds);
  }
  if (password.length > PASSWORD_MAX_LENGTH || !(await verifyPassword(password, user.passwordHash))) {
    throw new AccountError('forbidden', WRONG_PASSWORD);
  }
  await releaseAttempts(db, [attempt]);
  return user;
}

/**
 * A new password, the current one given: the account's other sessions end (the one that asked,
 * `keepSession`'s secret, stays), and the address is told.
 */
export async function changePassword(
  db: Db,
  mail: MailSender,
  userId: string,
  input: { currentPassword: string; newPassword: string; keepSession: string | null; origin: string },
): Promise<{ sessionsEnded: number }> {
  const user = await withPassword(db, userId, input.currentPassword);
  const issue = passwordProblem(input.newPassword, user.email);
  if (issue) throw new AccountError('bad_request', issue);
  const passwordHash = await hashPassword(input.newPassword);
  const keep = input.keepSession ? sessionRowId(input.keepSession) : null;
  const [, ended, , notice] = await db.$transaction([
    db.user.update({ where: { id: user.id }, data: { passwordHash } }),
    db.session.deleteMany({ where: { userId: user.id, ...(keep ? { id: { not: keep } } : {}) } }),
    retireTokens(db, user.id, ['reset_password']),
    mail.insert(db, passwordChangedMail(user.email, user.id, input.origin)),
  ]);
  mail.accepted([notice]);
  return { sessionsEnded: ended.count };
}

export interface EmailChangeOutcome {
  email: string;
  message: string;
}

/**
 * Sends a confirmation link to the new address; nothing changes until it is followed. The answer is
 * the same whether or not the new address has an account (its owner is told instead). `origin` null:
 * the request came to another host than the site's; it gets the same answer and nothing is sent.
 */
export async function requestEmailChange(
  db: Db,
  mail: MailSender,
  userId: string,
  input: { password: string; newEmail: string; origin: string | null },
): Promise<EmailChangeOutcome> {
  const newEmail = normalizeEmail(input.newEmail);
  const issue = emailProblem(newEmail);
  if (issue) throw new AccountError('bad_request', issue);
  const user = await withPassword(db, userId, input.password);
  if (newEmail === user.email) throw new AccountError('bad_request', `${newEmail} is this account's address already.`);
  const message = `A link is on its way to ${newEmail}: the account's address changes when you open it (within 24 hours).`;
  if (input.origin === null || !(await mayMail(db, 'change_email', newEmail))) return { email: newEmail, message };
  const taken = await db.user.findUnique({ where: { email: newEmail }, select: { id: true } });
  if (taken) {
    await mail.send(db, changeEmailTakenMail(newEmail, input.origin));
    return { email: newEmail, message };
  }
  const { token, insert } = issueToken(db, user.id, 'change_email', newEmail);
  const [, , row] = await db.$transaction([
    retireTokens(db, user.id, ['change_email']),
    insert,
    mail.insert(db, changeEmailMail(newEmail, user.id, input.origin, token, user.email)),
  ]);
  mail.accepted([row]);
  return { email: newEmail, message };
}

/**
 * Deletes the account, its password given: one transaction deletes the User row (the cascade takes
 * its keys, usage, sessions and links, and the `yamljson_auth` trigger empties the embedded key cache
 * before the commit is acknowledged) and writes the confirmation mail, which outlives the account.
 */
export async function deleteAccount(
  db: Db,
  mail: MailSender,
  userId: string,
  input: { password: string; origin: string },
): Promise<{ email: string }> {
  const user = await withPassword(db, userId, input.password);
  const [, notice] = await db.$transaction([
    db.$executeRaw`DELETE FROM "User" WHERE "id" = ${user.id}`,
    mail.insert(db, accountDeletedMail(user.email, user.id, input.origin)),
  ]);
  mail.accepted([notice]);
  return { email: user.email };
}

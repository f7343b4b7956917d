// Password reset by mail: /forgot-password asks for a link (the same answer for any address), the link
// (single use, 30 minutes) opens /reset-password, where a new password is set; every session of the
// account ends, and the address counts as verified (the link proved the mailbox). When that is the
// address's first proof, the keys made before it are revoked too (verification.ts) and the owner told.
import type { Db } from '@/lib/db/client';
import type { MailSender } from '@/lib/mail/mailer';
import { resetPasswordMail } from '@/lib/mail/messages';
import { emailProblem, normalizeEmail } from './email';
import { AccountError } from './errors';
import { limitMailRequests, mayMail } from './mail-throttle';
import { hashPassword, passwordProblem } from './passwords';
import { findLiveToken, INVALID_LINK, issueToken, retireTokens, useToken } from './tokens';
import { endWhatCameBeforeProof, type ProofOutcome, provenNotice } from './verification';

export interface ResetRequestOutcome {
  email: string;
  message: string;
}

/** Sends a reset link if the address has an account; answers the same either way. */
/** `origin`: the site's (links in the mail), or null for a request to another host: the same answer, nothing sent. */
export async function requestPasswordReset(
  db: Db,
  mail: MailSender,
  emailInput: string,
  origin: string | null,
  address: string,
): Promise<ResetRequestOutcome> {
  const email = normalizeEmail(emailInput);
  const issue = emailProblem(email);
  if (issue) throw new AccountError('bad_request', issue);
  await limitMailRequests(db, 'reset', address);
  if (origin === null) return resetRequestOutcome(email);
  const user = await db.user.findUnique({ where: { email } });
  if (user && !user.disabledAt && (await mayMail(db, 'reset', email))) {
    const { token, insert } = issueToken(db, user.id, 'reset_password', email);
    const [, , row] = await db.$transaction([
      retireTokens(db, user.id, ['reset_password']),
      insert,
      mail.insert(db, resetPasswordMail(email, user.id, origin, token)),
    ]);
    mail.accepted([row]);
  }
  return resetRequestOutcome(email);
}

const resetRequestOutcome = (email: string): ResetRequestOutcome => ({
  email,
  message: `If ${email} has an account, a link to choose a new password is on its way there. It works once, for 30 minutes.`,
});

/** Whether a reset link still works (the page says so before the form is filled in). */
export async function resetLinkEmail(db: Db, token: unknown, now = new Date()): Promise<string | null> {
  return (await findLiveToken(db, token, ['reset_password'], now))?.email ?? null;
}

/**
 * Sets the new password with the link: the link is used, the password set, every session of the
 * account ended, in one transaction; when the address had not been proven before, its keys are revoked
 * too and the owner told (verification.ts). A password the rules refuse leaves the link usable.
 */
export async function resetPassword(
  db: Db,
  mail: MailSender,
  origin: string,
  token: unknown,
  password: string,
  now = new Date(),
): Promise<{ email: string } & ProofOutcome> {
  const live = await findLiveToken(db, token, ['reset_password'], now);
  if (!live) throw new AccountError('bad_request', INVALID_LINK);
  const user = await db.user.findUnique({ where: { id: live.userId } });
  if (!user || user.disabledAt || user.email !== live.email) throw new AccountError('bad_request', INVALID_LINK);
  const issue = passwordProblem(password, user.email);
  if (issue) throw new AccountError('bad_request', issue);
  const passwordHash = await hashPassword(password);
  const { proof, notice } = await db.$transaction(async (tx) => {
    await useToken(tx, token, ['reset_password'], now);
    const proof = await endWhatCameBeforeProof(tx, user, now);
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now } });
    // A reset proves the address: the sign-up links still out there (perhaps a stranger's) stop working.
    await retireTokens(tx, user.id, ['reset_password', 'verify_email'], now);
    const sessions = await tx.session.deleteMany({ where: { userId: user.id } });
    const ended = { ...proof, sessionsEnded: proof.sessionsEnded + sessions.count };
    return { proof: ended, notice: await provenNotice(tx, mail, user, origin, proof) };
  });
  if (notice) mail.accepted([notice]);
  return { email: user.email, ...proof };
}

// Proof of an address. Sign-up mails a link (a token, lib/accounts/tokens.ts) to the new account's
// address; the link's page asks for the password chosen at sign-up, and confirming sets emailVerifiedAt
// and signs in (the next-auth credentials provider, lib/auth/options.ts). Until then the account cannot
// sign in and holds no API key (a trigger: migration 20261128100000_proof_of_address). The first proof of
// an address, this or a password reset (recovery.ts), ends every session and revokes every key the
// account had before it, and tells the owner: nothing made before the address was proven survives it.
// The same link page confirms an email change (the token then carries the new address).
import type { Db } from '@/lib/db/client';
import type { Prisma } from '@/lib/db/generated/client';
import type { MailSender } from '@/lib/mail/mailer';
import { addressProvenMail, emailChangedMail } from '@/lib/mail/messages';
import type { OutboxMail } from '@/lib/mail/outbox';
import { AccountError } from './errors';
import { toPublicUser, type PublicUser } from './public-user';
import { findLiveToken, INVALID_LINK, retireTokens, type TokenRow, useToken } from './tokens';
import { checkPasswordThrottled } from './users';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

/** Whether the account's address is verified (false for an account that does not exist). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}

/** What a mailed link of /verify-email is, before anything is done with it (the page shows the matching form or message). */
export type EmailLink = { kind: 'confirm_address'; email: string } | { kind: 'change_email'; email: string } | { kind: 'invalid' };

export async function describeEmailLink(db: Db, token: unknown, now = new Date()): Promise<EmailLink> {
  const row = await findLiveToken(db, token, ['verify_email', 'change_email'], now);
  if (!row) return { kind: 'invalid' };
  return { kind: row.purpose === 'verify_email' ? 'confirm_address' : 'change_email', email: row.email };
}

/** What the first proof of an address ended: what the account had before anyone had proven it. */
export interface ProofOutcome {
  keysRevoked: number;
  sessionsEnded: number;
}

/**
 * Inside the caller's transaction, for an account whose address has just been proven: if it was not
 * proven before, every active key is revoked and every session ended (an unverified account may have
 * been someone else's sign-up, and whatever it made must not outlive the real owner's proof). The
 * caller sets emailVerifiedAt in the same transaction and mails `provenNotice` when anything ended.
 */
export async function endWhatCameBeforeProof(
  tx: Prisma.TransactionClient,
  user: { id: string; emailVerifiedAt: Date | null },
  now: Date,
): Promise<ProofOutcome> {
  if (user.emailVerifiedAt) return { keysRevoked: 0, sessionsEnded: 0 };
  const keys = await tx.apiKey.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: now } });
  const sessions = await tx.session.deleteMany({ where: { userId: user.id } });
  return { keysRevoked: keys.count, sessionsEnded: sessions.count };
}

/** The owner's notice of what the first proof ended (none when nothing did). */
export function provenNotice(
  tx: Prisma.TransactionClient,
  mail: MailSender,
  user: { id: string; email: string },
  origin: string,
  proof: ProofOutcome,
): Prisma.PrismaPromise<OutboxMail> | null {
  if (proof.keysRevoked === 0 && proof.sessionsEnded === 0) return null;
  return mail.insert(tx, addressProvenMail(user.email, user.id, origin, proof));
}

/**
 * Confirms a sign-up's address with its link and the password chosen at sign-up (the link's own
 * password when the link carries one, which then becomes the account's): the address is verified, the
 * link used, and the account returned for a new session. A wrong password is refused under the sign-in
 * throttles and leaves the link usable.
 */
export async function confirmAddress(
  db: Db,
  mail: MailSender,
  origin: string,
  input: { token: unknown; password: string; address: string },
  now = new Date(),
): Promise<PublicUser & ProofOutcome> {
  const link = await findLiveToken(db, input.token, ['verify_email'], now);
  if (!link) throw new AccountError('bad_request', INVALID_LINK);
  const user = await db.user.findUnique({ where: { id: link.userId } });
  // A link to an address the account no longer has verifies nothing.
  if (!user || user.disabledAt || user.email !== link.email) throw new AccountError('bad_request', INVALID_LINK);
  await checkPasswordThrottled(
    db,
    user.email,
    input.address,
    input.password,
    async () => link.passwordHash ?? user.passwordHash,
    'Wrong password: enter the password you chose when you signed up with this address.',
  );
  const { proof, notice } = await db.$transaction(async (tx) => {
    await useToken(tx, input.token, ['verify_email'], now);
    const proof = await endWhatCameBeforeProof(tx, user, now);
    await tx.user.update({
      where: { id: user.id },
      data: { emailVerifiedAt: user.emailVerifiedAt ?? now, passwordHash: link.passwordHash ?? user.passwordHash },
    });
    // The other sign-up links of this address stop working: the account has its owner now.
    await retireTokens(tx, user.id, ['verify_email'], now);
    return { proof, notice: await provenNotice(tx, mail, user, origin, proof) };
  });
  if (notice) mail.accepted([notice]);
  return { ...toPublicUser(user), ...proof };
}

/**
 * Follows an email change's link: the account's address becomes the new one, verified, and the old
 * address is told. Single use; an address taken by another account meanwhile is refused.
 */
export async function followEmailChangeLink(db: Db, mail: MailSender, token: unknown, origin: string, now = new Date()): Promise<{ email: string }> {
  try {
    const { email, notice } = await db.$transaction(async (tx) => {
      const row: TokenRow = await useToken(tx, token, ['change_email'], now);
      const user = await tx.user.findUnique({ where: { id: row.userId } });
      if (!user || user.disabledAt) throw new AccountError('bad_request', 'This link belongs to an account that no longer exists.');
      await tx.user.update({ where: { id: user.id }, data: { email: row.email, emailVerifiedAt: now } });
      await retireTokens(tx, user.id, ['verify_email', 'change_email', 'reset_password'], now);
      return { email: row.email, notice: await mail.insert(tx, emailChangedMail(user.email, user.id, origin, row.email)) };
    });
    mail.accepted([notice]);
    return { email };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AccountError('bad_request', 'That address has an account of its own now, so this account cannot move to it.');
    throw err;
  }
}

/** SQLSTATE of the trigger that keeps keys from an account whose address is not verified. */
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
  'Confirm your email address first: an account whose address is not verified holds no API key. Open the link we mailed you.';

/** The key creation, with the trigger's refusal of an unverified account's key as 403 forbidden. */
export async function refuseUnverifiedKey<T>(creation: Promise<T>): Promise<T> {
  try {
    return await creation;
  } catch (err) {
    if (isUnverifiedKeyError(err)) throw new AccountError('forbidden', UNVERIFIED_KEY_MESSAGE);
    throw err;
  }
}

// Accounts: sign-up, credential checks (with throttling), plan changes.
import type { Db } from '@/lib/db/client';
import { emailProblem, normalizeEmail } from './email';
import { AccountError } from './errors';
import { newId, randomBase62 } from './ids';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import { isPlanId, PLAN_IDS, type PlanId } from './plans';
import { hitCounter, readCounter } from './counters';

export interface PublicUser {
  id: string;
  email: string;
  plan: PlanId;
}

const toPublic = (u: { id: string; email: string; plan: string }): PublicUser => ({
  id: u.id,
  email: u.email,
  plan: isPlanId(u.plan) ? u.plan : 'free',
});

export async function createUser(db: Db, emailInput: string, password: string, plan: PlanId = 'free'): Promise<PublicUser> {
  const email = normalizeEmail(emailInput);
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new AccountError('bad_request', emailIssue);
  const passwordIssue = passwordProblem(password, email);
  if (passwordIssue) throw new AccountError('bad_request', passwordIssue);
  const passwordHash = await hashPassword(password);
  try {
    const user = await db.user.create({ data: { id: newId('usr'), email, passwordHash, plan } });
    return toPublic(user);
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') {
      throw new AccountError('email_taken', `An account with ${email} already exists. Sign in instead.`);
    }
    throw err;
  }
}

export async function findUserByEmail(db: Db, emailInput: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  return user && !user.disabledAt ? toPublic(user) : null;
}

export async function findUserById(db: Db, id: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { id } });
  return user && !user.disabledAt ? toPublic(user) : null;
}

/** Sign-in throttle: failed attempts per email and per client address, over the last 15 to 30 minutes. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_MAX_FAILURES_PER_EMAIL = 5;
export const SIGN_IN_MAX_FAILURES_PER_ADDRESS = 20;

/** Checks email and password; throws AccountError with a message for the form. */
export async function verifyCredentials(db: Db, emailInput: string, password: string, address: string): Promise<PublicUser> {
  const email = normalizeEmail(emailInput);
  const buckets = [
    { key: `signin:email:${email}`, max: SIGN_IN_MAX_FAILURES_PER_EMAIL },
    { key: `signin:addr:${address}`, max: SIGN_IN_MAX_FAILURES_PER_ADDRESS },
  ];
  for (const b of buckets) {
    const { count, current, resetSeconds: toEdge } = await readCounter(db, b.key, SIGN_IN_WINDOW_SECONDS);
    if (count >= b.max) {
      const resetSeconds = current >= b.max ? toEdge + SIGN_IN_WINDOW_SECONDS : toEdge;
      const minutes = Math.max(1, Math.ceil(resetSeconds / 60));
      throw new AccountError(
        'rate_limited',
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        resetSeconds,
      );
    }
  }
  const user = await db.user.findUnique({ where: { email } });
  // Hash even when the account does not exist, so timing does not tell which emails have accounts.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.disabledAt) {
    for (const b of buckets) await hitCounter(db, b.key, SIGN_IN_WINDOW_SECONDS);
    throw new AccountError('unauthorized', 'Wrong email or password.');
  }
  return toPublic(user);
}

export async function setPlan(db: Db, userId: string, plan: string): Promise<PublicUser> {
  if (!isPlanId(plan)) throw new AccountError('bad_request', `Unknown plan "${plan}". Plans: ${PLAN_IDS.join(', ')}.`);
  const user = await db.user.update({ where: { id: userId }, data: { plan } });
  return toPublic(user);
}

/** Operator command: the account for this email, created with a random password if it does not exist. */
export async function ensureUser(db: Db, emailInput: string): Promise<{ user: PublicUser; created: boolean }> {
  const existing = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  if (existing) return { user: toPublic(existing), created: false };
  return { user: await createUser(db, emailInput, randomBase62(24)), created: true };
}

export async function disableUser(db: Db, emailInput: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  const { count } = await db.user.updateMany({ where: { email }, data: { disabledAt: new Date() } });
  if (count === 0) throw new AccountError('not_found', `No account with ${email}.`);
}

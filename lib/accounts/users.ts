// Accounts: sign-up, credential checks (with throttling), passwords, plans, disabling.
import type { Db } from '@/lib/db/client';
import type { User } from '@/lib/db/generated/client';
import type { MailSender } from '@/lib/mail/mailer';
import { signupExistingMail, verifyEmailMail } from '@/lib/mail/messages';
import { hitCounter } from './counters';
import { emailProblem, normalizeEmail } from './email';
import { AccountError } from './errors';
import { newId, secretBase62 } from './ids';
import { mayMail } from './mail-throttle';
import { dummyPasswordHash, hashPassword, PASSWORD_MAX_LENGTH, passwordProblem, verifyPassword } from './passwords';
import { isPlanId, PLAN_IDS, PLANS, type PlanId, planRank } from './plans';
import { toPublicUser, type PublicUser } from './public-user';
import { WRONG_CREDENTIALS } from './sign-in-messages';
import { issueToken } from './tokens';
import { isKnownAddress, releaseAttempts, reserveAttempt, signInRules, signUpRule, throttledError } from './throttle';

export type { PublicUser } from './public-user';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

export { WRONG_CREDENTIALS };

function checkNewCredentials(email: string, password: string): void {
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new AccountError('bad_request', emailIssue);
  const passwordIssue = passwordProblem(password, email);
  if (passwordIssue) throw new AccountError('bad_request', passwordIssue);
}

/**
 * Operator and tests: creates an account, and says so when the email has one already. Its address
 * counts as verified (the operator vouches for it; sign-up's accounts verify theirs by mail).
 */
export async function createUser(db: Db, emailInput: string, password: string, plan: PlanId = 'free'): Promise<PublicUser> {
  const email = normalizeEmail(emailInput);
  checkNewCredentials(email, password);
  const passwordHash = await hashPassword(password);
  try {
    return toPublicUser(await db.user.create({ data: { id: newId('usr'), email, passwordHash, plan, emailVerifiedAt: new Date() } }));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AccountError('bad_request', `An account with ${email} already exists.`);
    throw err;
  }
}

/** What sign-up answers, whether or not the email had an account. */
export interface SignUpOutcome {
  email: string;
  message: string;
}

/** Where sign-up's mails come from and what their links start with. */
export interface SignUpMail {
  mail: MailSender;
  /**
   * The site's public origin (links in the mail); null when the request came to another host than
   * the site's, which then gets the same answer and nothing is written or sent (lib/api/mail-links.ts).
   */
  origin: string | null;
}

/** The one answer of sign-up, for any address (it tells nobody whether the address had an account). */
export const signUpOutcome = (email: string): SignUpOutcome => ({
  email,
  message:
    `Check your inbox at ${email}: open the link we sent and enter the password you chose to confirm the address and sign in. ` +
    `If ${email} already has an account, the mail says how to sign in to it instead.`,
});

/**
 * Public sign-up. Never says whether the email had an account, now or when signing in later: the same
 * answer either way, after the same work (the password is hashed and a mail written either way), and
 * an account cannot sign in before its address is proven, so signing in with the password just chosen
 * fails alike for a new address and for someone else's. A new address gets an unverified account and
 * a link that confirms it with this password; an address whose account is still unverified gets a new
 * link carrying this password (the first sign-up may have been a stranger's: whoever opens a link must
 * know the password that came with it, which it then sets); a verified account's owner gets a note that
 * someone tried. Mails per recipient are limited (MAILS_PER_RECIPIENT an hour); sign-ups per client address too.
 */
export async function signUp(db: Db, emailInput: string, password: string, address: string, { mail, origin }: SignUpMail): Promise<SignUpOutcome> {
  const email = normalizeEmail(emailInput);
  checkNewCredentials(email, password);
  const attempt = await reserveAttempt(db, signUpRule(address));
  if (attempt.waitSeconds > 0) {
    await releaseAttempts(db, [attempt]);
    throw throttledError('Too many sign-ups from your network.', attempt.waitSeconds);
  }
  const passwordHash = await hashPassword(password);
  if (origin === null) return signUpOutcome(email);
  const id = newId('usr');
  const { token, insert } = issueToken(db, id, 'verify_email', email);
  try {
    const [, , row] = await db.$transaction([
      db.user.create({ data: { id, email, passwordHash, plan: 'free', emailVerifiedAt: null } }),
      insert,
      mail.insert(db, verifyEmailMail(email, id, origin, token)),
    ]);
    mail.accepted([row]);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await signUpExisting(db, mail, email, passwordHash, origin);
  }
  return signUpOutcome(email);
}

/** Sign-up for an address that has an account: a new link (unverified) or a note (verified); nothing for a disabled one. */
async function signUpExisting(db: Db, mail: MailSender, email: string, passwordHash: string, origin: string): Promise<void> {
  const existing = await db.user.findUnique({ where: { email }, select: { id: true, disabledAt: true, emailVerifiedAt: true } });
  if (!existing || existing.disabledAt) return;
  if (existing.emailVerifiedAt) {
    if (await mayMail(db, 'signup_existing', email)) await mail.send(db, signupExistingMail(email, existing.id, origin));
    return;
  }
  if (!(await mayMail(db, 'verify', email))) return;
  const { token, insert } = issueToken(db, existing.id, 'verify_email', email, { passwordHash });
  const [, row] = await db.$transaction([insert, mail.insert(db, verifyEmailMail(email, existing.id, origin, token))]);
  mail.accepted([row]);
}

export async function findUserByEmail(db: Db, emailInput: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  return user && !user.disabledAt ? toPublicUser(user) : null;
}

export async function findUserById(db: Db, id: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { id } });
  return user && !user.disabledAt ? toPublicUser(user) : null;
}

/**
 * Checks email and password; throws AccountError with a message for the form. Throttled as
 * lib/accounts/throttle.ts describes; an unknown email gets the same answer, timing and throttling
 * as a wrong password.
 */
export async function verifyCredentials(db: Db, emailInput: string, password: string, address: string): Promise<PublicUser> {
  const email = normalizeEmail(emailInput);
  // No account can have a malformed email: say so before any throttle bucket or query is touched.
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new AccountError('bad_request', emailIssue);
  const found: { user: User | null } = { user: null };
  // An address not yet proven signs in only through its link (confirmAddress), and fails here like a
  // wrong password: otherwise signing in after sign-up would tell whether the address was new.
  await checkPasswordThrottled(db, email, address, password, async () => {
    const user = await db.user.findUnique({ where: { email } });
    found.user = user;
    return user && !user.disabledAt && user.emailVerifiedAt ? user.passwordHash : null;
  });
  return toPublicUser(found.user!);
}

/**
 * The password check of sign-in and of confirming an address, under the sign-in throttles (per address,
 * per email and address, per email for unknown addresses: lib/accounts/throttle.ts). `expectedHash`
 * gives the hash to check, or null when no account may sign in: the password is then hashed anyway, so
 * timing does not tell which. A failed attempt stays counted and throws WRONG_CREDENTIALS; a success is
 * taken back and makes the client's address known for this email.
 */
export async function checkPasswordThrottled(
  db: Db,
  email: string,
  address: string,
  password: string,
  expectedHash: () => Promise<string | null>,
  wrong = WRONG_CREDENTIALS,
): Promise<void> {
  const rules = signInRules(email, address);
  const [perAddress, perEmailAndAddress, perEmail] = await Promise.all(
    [rules.perAddress, rules.perEmailAndAddress, rules.perEmail].map((rule) => reserveAttempt(db, rule)),
  );
  const attempts = [perAddress!, perEmailAndAddress!, perEmail!];
  let waitSeconds = Math.max(perAddress!.waitSeconds, perEmailAndAddress!.waitSeconds);
  if (waitSeconds === 0 && perEmail!.waitSeconds > 0 && !(await isKnownAddress(db, rules.knownAddress))) {
    waitSeconds = perEmail!.waitSeconds;
  }
  if (waitSeconds > 0) {
    await releaseAttempts(db, attempts);
    throw throttledError('Too many failed sign-in attempts.', waitSeconds);
  }
  // No account has a password this long (sign-up refuses it): a failed attempt, without hashing megabytes.
  if (password.length > PASSWORD_MAX_LENGTH) throw new AccountError('unauthorized', wrong);
  const hash = await expectedHash();
  const ok = await verifyPassword(password, hash ?? (await dummyPasswordHash()));
  if (!hash || !ok) throw new AccountError('unauthorized', wrong);
  await Promise.all([releaseAttempts(db, attempts), hitCounter(db, rules.knownAddress.key, rules.knownAddress.windowSeconds)]);
}

/** Operator: any plan. */
export async function setPlan(db: Db, userId: string, plan: string): Promise<PublicUser> {
  if (!isPlanId(plan)) throw new AccountError('bad_request', `Unknown plan "${plan}". Plans: ${PLAN_IDS.join(', ')}.`);
  const user = await db.user.update({ where: { id: userId }, data: { plan } });
  return toPublicUser(user);
}

/**
 * The dashboard: an account moves itself to a smaller plan at once; a larger one is the operator's
 * to grant (`npm run admin -- set-plan`), unless `selfServeUpgrades` (YAMLJSON_SELF_SERVE_UPGRADES=on,
 * config.selfServeUpgrades). With billing on, the dashboard's handler sends paid plans through lib/billing first.
 */
export async function changeOwnPlan(db: Db, user: PublicUser, plan: string, selfServeUpgrades: boolean): Promise<PublicUser> {
  if (isPlanId(plan) && planRank(plan) > planRank(user.plan) && !selfServeUpgrades) {
    throw new AccountError(
      'forbidden',
      `Moving up to the ${PLANS[plan].name} plan is granted by the operator of this service: ask them to run ` +
        `\`npm run admin -- set-plan --email ${user.email} --plan ${plan}\`. You can move to a smaller plan here at any time.`,
    );
  }
  return setPlan(db, user.id, plan);
}

/**
 * Sets an account's password and ends all its sessions (a changed password signs out every
 * browser that knew the old one). The password-change and reset pages call this.
 */
export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AccountError('not_found', 'No such account.');
  const passwordIssue = passwordProblem(password, user.email);
  if (passwordIssue) throw new AccountError('bad_request', passwordIssue);
  const passwordHash = await hashPassword(password);
  await db.$transaction([db.user.update({ where: { id: userId }, data: { passwordHash } }), db.session.deleteMany({ where: { userId } })]);
}

/** Operator command: the account for this email, created with a random password if it does not exist. */
export async function ensureUser(db: Db, emailInput: string): Promise<{ user: PublicUser; created: boolean }> {
  const existing = await db.user.findUnique({ where: { email: normalizeEmail(emailInput) } });
  if (existing) return { user: toPublicUser(existing), created: false };
  return { user: await createUser(db, emailInput, secretBase62(24)), created: true };
}

/** Operator: the account's keys are refused, it cannot sign in, and its sessions end. */
export async function disableUser(db: Db, emailInput: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  const [{ count }] = await db.$transaction([
    db.user.updateMany({ where: { email }, data: { disabledAt: new Date() } }),
    db.session.deleteMany({ where: { user: { email } } }),
  ]);
  if (count === 0) throw new AccountError('not_found', `No account with ${email}.`);
}

// Mail for real: an app of its own whose SMTP_URL is a real SMTP server started here (smtp-server on
// 127.0.0.1, messages parsed with mailparser); each test reads the mail the app sent and follows its link
// like the account's owner would. Confirming an address (the link and the sign-up password), signing up
// again for an unconfirmed address, "someone tried to sign up", password reset (single use, 30 minutes on
// an injected clock, sessions ended, a first proof revoking what came before), change password, change
// email, account deletion, and an SMTP server that is down when the mail is written.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECK_MAX_FAILURES } from '@/lib/accounts/account-settings';
import { createApiKey } from '@/lib/accounts/api-keys';
import { resetPassword } from '@/lib/accounts/recovery';
import { INVALID_LINK } from '@/lib/accounts/tokens';
import { WRONG_CREDENTIALS } from '@/lib/accounts/users';
import { createDb, type Db } from '@/lib/db/client';
import { MailService } from '@/lib/mail/mailer';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { type ReceivedMail, SmtpMailbox, tokenLink } from '../helpers/smtp-mailbox';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';
import { TEST_PROXY_ADDRESS } from '../setup/test-proxy';
import { confirmAddress, signIn, signUp } from './accounts';
import { expectError } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

let mailbox: SmtpMailbox;
let server: EmbeddedApp;
let base: string;
let db: Db;
let mailer: MailService;

beforeAll(async () => {
  mailbox = await SmtpMailbox.start();
  server = await startEmbeddedApp({
    logName: 'mail-server',
    email: 'mail-tests@yamljson.test',
    plan: 'free',
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'yamljson tests <mail@yamljson.test>', TRUSTED_PROXIES: TEST_PROXY_ADDRESS },
  });
  base = server.app.baseUrl;
  db = createDb(server.databaseUrl, 2);
  // For the calls this test makes in-process (lib/accounts on the app's database): mails go to the outbox only.
  mailer = new MailService(db, { smtpUrl: null, from: 'yamljson tests <mail@yamljson.test>' });
});

afterAll(async () => {
  await db?.$disconnect();
  await server?.stop();
  await mailbox?.stop();
});

const NEW_PASSWORD = 'a brand new passphrase here';

/** A call as the dashboard makes it: same origin, the session cookie. */
function call(cookie: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const convert = (key: string) =>
  fetch(`${base}/api/convert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }),
  });

/** The path and query of a mail's link, on this app. */
function linkOf(mail: ReceivedMail): string {
  const link = tokenLink(mail);
  if (!link) throw new Error(`no link in the mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(link);
  // The link is on the site's public address: NEXTAUTH_URL, which the test server is started with (SMTP_URL needs it).
  expect(url.origin).toBe(base);
  return url.pathname + url.search;
}

const tokenOf = (mail: ReceivedMail) => new URL(tokenLink(mail)!).searchParams.get('token')!;

async function page(path: string, cookie?: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

async function signedIn(email: string, password = GOOD_PASSWORD): Promise<string> {
  const { cookie, error } = await signIn(email, password, randomClientAddress(), base);
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${error}`);
  return cookie;
}

/** A new account through sign-up and its confirmation link (which signs in), with that session. */
async function newAccount(label: string): Promise<{ email: string; cookie: string; verification: ReceivedMail }> {
  const email = uniqueEmail(label);
  const res = await signUp(email, GOOD_PASSWORD, randomClientAddress(), base);
  expect(res.status).toBe(201);
  const verification = await mailbox.waitFor(email, /^Confirm your email address/);
  return { email, cookie: await confirmed(tokenOf(verification)), verification };
}

/** Confirms an address with its link's token and the password (the link's page does this), and returns the session. */
async function confirmed(token: string, password = GOOD_PASSWORD): Promise<string> {
  const { cookie, error } = await confirmAddress(token, password, randomClientAddress(), base);
  if (!cookie) throw new Error(`confirming failed: ${error}`);
  return cookie;
}

/** The outbox row of the mail to `email`, once it is marked sent (just after the SMTP server accepted it). */
async function sentCopy(email: string) {
  for (;;) {
    const row = await db.outboxMail.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: 'asc' } });
    if (row.sentAt) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function expectSignedOut(cookie: string): Promise<void> {
  await expectError(await call(cookie, 'GET', '/api/dashboard/keys'), 401, { code: 'unauthorized', message: 'Sign in to use the dashboard.' });
}

describe('confirming an address', () => {
  it('sign-up mails a link from MAIL_FROM; until it is confirmed with the password chosen at sign-up, the account cannot sign in', async () => {
    const email = uniqueEmail('verify');
    expect((await signUp(email, GOOD_PASSWORD, randomClientAddress(), base)).status).toBe(201);
    const verification = await mailbox.waitFor(email, /^Confirm your email address/);
    expect(verification.from).toBe('mail@yamljson.test');
    expect(verification.to).toStrictEqual([email]);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
    // Signing in with the password just chosen fails like a wrong password (it would tell whether the address was new).
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });

    const link = linkOf(verification);
    expect(link).toMatch(/^\/verify-email\?token=[0-9A-Za-z]{32}$/);
    const token = tokenOf(verification);
    // Opening the page asks for the password and uses nothing (a mail scanner opening links spends no link).
    const shown = await page(link);
    expect(shown.html).toContain('Confirm your address');
    expect(shown.html).toContain(email);
    expect((await db.accountToken.findFirstOrThrow({ where: { email, purpose: 'verify_email' } })).usedAt).toBeNull();
    expect(await confirmAddress(token, 'not the password at all', randomClientAddress(), base)).toStrictEqual({
      cookie: null,
      error: 'Wrong password: enter the password you chose when you signed up with this address.',
    });
    const cookie = await confirmed(token);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);
    expect((await call(cookie, 'POST', '/api/dashboard/keys', { name: 'first' })).status).toBe(201);
    await signedIn(email);
    // Single use: the same link a second time confirms nothing.
    expect((await page(link)).html).toContain(INVALID_LINK);
    expect(await confirmAddress(token, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: INVALID_LINK });
    // Only a hash of the token is stored, and the delivered mail's stored copy has its token blanked.
    const rows = await db.accountToken.findMany({ where: { email } });
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    const stored = await sentCopy(email);
    expect(stored.text).not.toContain(token);
    expect(stored.text).toContain(`${base}/verify-email?token=(sent)`);
  });

  it("signing up again for an unconfirmed address mails a link of its own password: a stranger's earlier sign-up cannot keep the account", async () => {
    const email = uniqueEmail('squat');
    const strangers = 'the strangers own passphrase';
    expect((await signUp(email, strangers, randomClientAddress(), base)).status).toBe(201);
    const first = await mailbox.waitFor(email, /^Confirm your email address/);
    expect((await signUp(email, GOOD_PASSWORD, randomClientAddress(), base)).status).toBe(201);
    const second = await mailbox.waitFor(email, /^Confirm your email address/, { count: 2 });
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    // The owner's link needs the owner's password, not the stranger's, and then sets it.
    expect((await confirmAddress(tokenOf(second), strangers, randomClientAddress(), base)).cookie).toBeNull();
    await confirmed(tokenOf(second));
    await signedIn(email);
    expect(await signIn(email, strangers, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    // The stranger's link stopped working when the address got its owner.
    expect(await confirmAddress(tokenOf(first), strangers, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: INVALID_LINK });
  });

  it('sign-up with a taken address answers the same and mails its owner a note, not a link', async () => {
    const { email } = await newAccount('taken');
    const fresh = uniqueEmail('fresh');
    const [taken, created] = await Promise.all([
      signUp(email, 'another good passphrase', randomClientAddress(), base),
      signUp(fresh, 'another good passphrase', randomClientAddress(), base),
    ]);
    expect([taken.status, created.status]).toStrictEqual([201, 201]);
    const [takenBody, createdBody] = [await taken.json(), await created.json()];
    expect(takenBody).toStrictEqual({ email, message: createdBody.message.replaceAll(fresh, email) });
    const note = await mailbox.waitFor(email, /^Someone tried to sign up/);
    expect(note.text).toContain(`${base}/forgot-password`);
    expect(tokenLink(note)).toBeNull();
    await mailbox.waitFor(fresh, /^Confirm your email address/);
    expect(mailbox.to(email, /^Confirm your email address/)).toHaveLength(1);
  });
});

describe('one address, one owner', () => {
  it('a stranger who signs up with an address gets no session and no key; the owner takes the account by a reset, which revokes what came before', async () => {
    const email = uniqueEmail('owner');
    const strangers = 'the strangers own passphrase';
    expect((await signUp(email, strangers, randomClientAddress(), base)).status).toBe(201);
    await mailbox.waitFor(email, /^Confirm your email address/);
    // No session: so no key, no usage, no request log to read later.
    expect(await signIn(email, strangers, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    // An account from before that rule may hold a key already: put one in as it would be (the trigger off for this insert).
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    await db.$executeRaw`ALTER TABLE "ApiKey" DISABLE TRIGGER "ApiKey_unverified_insert"`;
    const { secret } = await createApiKey(db, userId, 'made before the proof').finally(
      () => db.$executeRaw`ALTER TABLE "ApiKey" ENABLE TRIGGER "ApiKey_unverified_insert"`,
    );
    expect((await convert(secret)).status).toBe(200);

    expect((await call(null, 'POST', '/api/account/password-reset', { email })).status).toBe(200);
    const reset = await mailbox.waitFor(email, /^Reset your yamljson password/);
    const done = await call(null, 'POST', '/api/account/password-reset/confirm', { token: tokenOf(reset), password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      email,
      keysRevoked: 1,
      message: expect.stringContaining('The API key made before the address was confirmed is revoked'),
    });
    await expectError(await convert(secret), 401, { code: 'unauthorized', message: expect.any(String) });
    const told = await mailbox.waitFor(email, /^Your yamljson address is confirmed/);
    expect(told.text).toContain('1 API key was revoked');
    const owner = await signedIn(email, NEW_PASSWORD);
    const keys = await (await call(owner, 'GET', '/api/dashboard/keys')).json();
    expect(keys.keys.map((k: { revokedAt: string | null }) => k.revokedAt)).toStrictEqual([expect.any(String)]);
    // The stranger's own sign-up link no longer works either.
    expect((await confirmAddress(tokenOf(mailbox.to(email, /^Confirm your email address/)[0]!), strangers, randomClientAddress(), base)).error).toBe(
      INVALID_LINK,
    );
  });

  it('sign-up then sign-in with the password chosen tells nothing about whether the address had an account', async () => {
    const { email: existing } = await newAccount('exists');
    const fresh = uniqueEmail('new');
    const chosen = 'a passphrase chosen to probe';
    const outcomes = [];
    for (const email of [existing, fresh]) {
      const res = await signUp(email, chosen, randomClientAddress(), base);
      outcomes.push({ status: res.status, body: ((await res.json()) as { message: string }).message.replaceAll(email, '<email>') });
      outcomes.push(await signIn(email, chosen, randomClientAddress(), base));
    }
    expect(outcomes[2]).toStrictEqual(outcomes[0]);
    expect(outcomes[3]).toStrictEqual(outcomes[1]);
    expect(outcomes[1]).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
  });
});

describe('links in mail come from NEXTAUTH_URL, never from the request', () => {
  /** A dashboard-style call whose Host header names another site (its Origin is the site's: it passes the same-origin check). */
  function callAddressedTo(host: string, cookie: string | null, method: string, path: string, body: unknown): Promise<Response> {
    return fetchViaProxy(`${base}${path}`, {
      method,
      headers: { Host: host, Origin: base, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(body),
      forwardedFor: randomClientAddress(),
    });
  }

  it('a reset, a sign-up and an email change addressed to another host answer as usual and mail nothing', async () => {
    const { email, cookie } = await newAccount('hosted');
    const reset = await callAddressedTo('evil.example', null, 'POST', '/api/account/password-reset', { email });
    expect(reset.status).toBe(200);
    expect((await reset.json()).message).toContain(`If ${email} has an account`);
    const stranger = uniqueEmail('hosted-new');
    expect((await callAddressedTo('evil.example', null, 'POST', '/api/account/signup', { email: stranger, password: GOOD_PASSWORD })).status).toBe(
      201,
    );
    const next = uniqueEmail('hosted-move');
    const change = await callAddressedTo('evil.example', cookie, 'PUT', '/api/dashboard/account/email', { newEmail: next, password: GOOD_PASSWORD });
    expect(change.status).toBe(200);
    expect(await change.json()).toStrictEqual({
      email: next,
      message: `A link is on its way to ${next}: the account's address changes when you open it (within 24 hours).`,
    });
    // Each outbox row is written before its answer: none was.
    expect(await db.outboxMail.count({ where: { to: { in: [stranger, next] } } })).toBe(0);
    expect(await db.outboxMail.count({ where: { to: email, kind: 'reset_password' } })).toBe(0);
    expect(await db.user.count({ where: { email: stranger } })).toBe(0);
    // The same requests addressed to the site mail links on it.
    expect((await callAddressedTo(new URL(base).host, null, 'POST', '/api/account/password-reset', { email })).status).toBe(200);
    expect(new URL(tokenLink(await mailbox.waitFor(email, /^Reset your yamljson password/))!).origin).toBe(base);
    await expect.poll(() => readFileSync(server.app.logFile, 'utf8')).toContain('"host":"evil.example"');
  });
});

describe('password reset by mail', () => {
  it('the same answer for any address; the link works once and ends every session', async () => {
    const { email, cookie } = await newAccount('reset');
    const phone = await signedIn(email);
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all(
      [email, unknown].map(async (address) => {
        const res = await call(null, 'POST', '/api/account/password-reset', { email: address });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(answers[1]).toStrictEqual({ status: 200, body: { email: unknown, message: answers[0]!.body.message.replaceAll(email, unknown) } });
    expect(answers[0]!.status).toBe(200);
    const mail = await mailbox.waitFor(email, /^Reset your yamljson password/);
    expect(await db.outboxMail.count({ where: { to: unknown } })).toBe(0);

    const link = linkOf(mail);
    expect(link).toMatch(/^\/reset-password\?token=[0-9A-Za-z]{32}$/);
    expect((await page(link)).html).toContain(email);
    const token = tokenOf(mail);
    // A password the rules refuse leaves the link usable.
    await expectError(await call(null, 'POST', '/api/account/password-reset/confirm', { token, password: 'short' }), 400, {
      code: 'bad_request',
      message: 'Password is too short: use at least 10 characters.',
    });
    const done = await call(null, 'POST', '/api/account/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    await expectSignedOut(cookie);
    await expectSignedOut(phone);
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    await signedIn(email, NEW_PASSWORD);
    // Single use.
    await expectError(await call(null, 'POST', '/api/account/password-reset/confirm', { token, password: 'yet another passphrase' }), 400, {
      code: 'bad_request',
      message: INVALID_LINK,
    });
    expect((await page(link)).html).toContain('This link does not work any more');
  });

  it('a link works for 30 minutes (an injected clock), and a new one retires the old', async () => {
    const { email } = await newAccount('expiry');
    expect((await call(null, 'POST', '/api/account/password-reset', { email })).status).toBe(200);
    const first = tokenOf(await mailbox.waitFor(email, /^Reset your yamljson password/));
    expect((await call(null, 'POST', '/api/account/password-reset', { email })).status).toBe(200);
    const second = tokenOf(await mailbox.waitFor(email, /^Reset your yamljson password/, { count: 2 }));
    const reset = (token: string, at?: Date) => resetPassword(db, mailer, base, token, NEW_PASSWORD, at);
    await expect(reset(first)).rejects.toMatchObject({ code: 'bad_request', message: INVALID_LINK });

    const issued = (await db.accountToken.findFirstOrThrow({ where: { email, purpose: 'reset_password', usedAt: null } })).createdAt.getTime();
    const at = (ms: number) => new Date(issued + ms);
    await expect(reset(second, at(30 * 60_000))).rejects.toMatchObject({ code: 'bad_request', message: INVALID_LINK });
    await expect(reset(second, at(30 * 60_000 + 1))).rejects.toMatchObject({ message: INVALID_LINK });
    expect(await reset(second, at(30 * 60_000 - 1))).toStrictEqual({ email, keysRevoked: 0, sessionsEnded: 1 });
    await signedIn(email, NEW_PASSWORD);
  });
});

describe('the account page', () => {
  it('change password: the current one is required; this session stays, the others end, a mail tells', async () => {
    const { email, cookie } = await newAccount('chpw');
    const other = await signedIn(email);
    await expectError(
      await call(cookie, 'PUT', '/api/dashboard/account/password', { currentPassword: 'not the password', newPassword: NEW_PASSWORD }),
      403,
      {
        code: 'forbidden',
        message: 'That is not your current password.',
      },
    );
    const res = await call(cookie, 'PUT', '/api/dashboard/account/password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).sessionsEnded).toBe(1);
    expect((await call(cookie, 'GET', '/api/dashboard/keys')).status).toBe(200);
    await expectSignedOut(other);
    await signedIn(email, NEW_PASSWORD);
    const notice = await mailbox.waitFor(email, /^Your yamljson password was changed/);
    expect(notice.text).toContain(`${base}/forgot-password`);
  });

  it('change email: a link to the new address; the address changes when it is followed, and the old one is told', async () => {
    const { email, cookie } = await newAccount('chmail');
    const next = uniqueEmail('moved');
    await expectError(await call(cookie, 'PUT', '/api/dashboard/account/email', { newEmail: next, password: 'wrong password!' }), 403, {
      code: 'forbidden',
      message: 'That is not your current password.',
    });
    const res = await call(cookie, 'PUT', '/api/dashboard/account/email', { newEmail: next, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    const confirm = await mailbox.waitFor(next, /^Confirm your new email address/);
    // Nothing changes before the link is followed.
    await signedIn(email);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).id).toEqual(expect.any(String));

    const link = linkOf(confirm);
    expect((await page(link)).html).toContain(`Your account&#x27;s address is now ${next}.`);
    const told = await mailbox.waitFor(email, /^Your yamljson email address was changed/);
    expect(told.text).toContain(next);
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    await signedIn(next);
    expect((await page(link)).html).toContain(INVALID_LINK);
    const account = await (await call(cookie, 'GET', '/api/dashboard/account')).json();
    expect(account).toStrictEqual({ email: next, plan: 'free', emailVerified: true });
  });

  it("change email to a taken address: the same answer, and the address's owner is told instead", async () => {
    const { email, cookie } = await newAccount('chtaken');
    const { email: taken } = await newAccount('owner');
    const res = await call(cookie, 'PUT', '/api/dashboard/account/email', { newEmail: taken, password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({
      email: taken,
      message: `A link is on its way to ${taken}: the account's address changes when you open it (within 24 hours).`,
    });
    const note = await mailbox.waitFor(taken, /^Someone tried to move a yamljson account/);
    expect(tokenLink(note)).toBeNull();
    expect((await db.user.findUniqueOrThrow({ where: { email } })).email).toBe(email);
  });

  it('delete account: the password is required; keys are refused at once, usage and sessions are gone, a mail confirms', async () => {
    const { email, cookie } = await newAccount('delete');
    const created = await (await call(cookie, 'POST', '/api/dashboard/keys', { name: 'doomed' })).json();
    expect((await convert(created.secret)).status).toBe(200);
    // The usage shows the call (the embedded store writes it to UsageHour).
    expect((await (await call(cookie, 'GET', '/api/dashboard/usage')).json()).used).toBe(1);
    const userId = (await db.user.findUniqueOrThrow({ where: { email } })).id;
    expect(await db.usageHour.count({ where: { userId } })).toBe(1);

    await expectError(await call(cookie, 'DELETE', '/api/dashboard/account', { password: 'not the password' }), 403, {
      code: 'forbidden',
      message: 'That is not your current password.',
    });
    expect((await convert(created.secret)).status).toBe(200);

    const res = await call(cookie, 'DELETE', '/api/dashboard/account', { password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({ deleted: true, email });
    // Refused on the very next call: the embedded key cache was emptied before the delete was acknowledged.
    await expectError(await convert(created.secret), 401, { code: 'unauthorized', message: expect.any(String) });
    expect(await db.user.count({ where: { id: userId } })).toBe(0);
    expect(await db.apiKey.count({ where: { userId } })).toBe(0);
    expect(await db.usageHour.count({ where: { userId } })).toBe(0);
    expect(await db.session.count({ where: { userId } })).toBe(0);
    expect(await db.accountToken.count({ where: { userId } })).toBe(0);
    await expectSignedOut(cookie);
    const confirmation = await mailbox.waitFor(email, /^Your yamljson account was deleted/);
    expect(confirmation.text).toContain('API keys were revoked');
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    // The call counted in memory after the last write is dropped with the account, not written (nor retried) later:
    // another account's usage page makes the store write what it holds.
    const bystander = await newAccount('bystander');
    expect((await call(bystander.cookie, 'GET', '/api/dashboard/usage')).status).toBe(200);
    expect(await db.usageHour.count({ where: { userId } })).toBe(0);
    expect(readFileSync(server.app.logFile, 'utf8')).not.toContain('could not store usage counts');
  });

  it('wrong passwords on the account page are limited per account: the 11th try is refused even when right', async () => {
    const { cookie } = await newAccount('guess');
    const attempt = (password: string) => call(cookie, 'PUT', '/api/dashboard/account/email', { newEmail: uniqueEmail('guess-new'), password });
    for (let i = 0; i < PASSWORD_CHECK_MAX_FAILURES; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(403);
    const refused = await attempt(GOOD_PASSWORD);
    await expectError(refused, 429, {
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the endpoints need a session and the same origin', async () => {
    await expectError(await call(null, 'PUT', '/api/dashboard/account/password', { currentPassword: 'x', newPassword: 'y' }), 401, {
      code: 'unauthorized',
      message: 'Sign in to use the dashboard.',
    });
    const { cookie } = await newAccount('csrf');
    const res = await fetch(`${base}/api/dashboard/account`, {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'http://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: GOOD_PASSWORD }),
    });
    await expectError(res, 403, {
      code: 'forbidden',
      message: 'This request comes from another site; dashboard changes are accepted only from the dashboard itself.',
    });
    await expectError(await call(cookie, 'DELETE', '/api/dashboard/account', { pass: GOOD_PASSWORD }), 400, {
      code: 'bad_request',
      message: '"password" is required and must be a string.',
    });
  });
});

describe('pages for signed-in users', () => {
  it('/signup and /signin send a signed-in user to /dashboard', async () => {
    const { cookie } = await newAccount('redirect');
    for (const path of ['/signup', '/signin']) {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(res.status, path).toBe(307);
      expect(new URL(res.headers.get('location')!, base).pathname).toBe('/dashboard');
      expect((await fetch(`${base}${path}`, { redirect: 'manual' })).status).toBe(200);
    }
  });
});

describe('an SMTP server that is down', () => {
  it('does not fail the request; the mail is delivered once the server is back', async () => {
    await mailbox.stop();
    const email = uniqueEmail('down');
    try {
      const res = await signUp(email, GOOD_PASSWORD, randomClientAddress(), base);
      expect(res.status).toBe(201);
      // The mail is in the outbox and has failed at least once.
      for (;;) {
        const row = await db.outboxMail.findFirstOrThrow({ where: { to: email } });
        if (row.attempts >= 1 && row.lastError) {
          expect(row.sentAt).toBeNull();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mailbox.to(email)).toHaveLength(0);
    } finally {
      await mailbox.listen();
    }
    const mail = await mailbox.waitFor(email, /^Confirm your email address/);
    await confirmed(tokenOf(mail));
    const row = await db.outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(mailbox.to(email)).toHaveLength(1);
  });
});

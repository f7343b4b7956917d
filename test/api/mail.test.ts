// Mail for real (issue 13 §1): an app of its own whose SMTP_URL is a real SMTP server started here
// (smtp-server on 127.0.0.1, messages parsed with mailparser); each test reads the mail the app sent
// and follows its link like the account's owner would. Verification, resend, "someone tried to sign
// up", password reset (single use, 30 minutes on an injected clock, sessions ended), change password,
// change email, account deletion, and an SMTP server that is down when the mail is written.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHECK_MAX_FAILURES } from '@/lib/accounts/account-settings';
import { resetPassword } from '@/lib/accounts/recovery';
import { INVALID_LINK } from '@/lib/accounts/tokens';
import { UNVERIFIED_KEY_MESSAGE } from '@/lib/accounts/verification';
import { createDb, type Db } from '@/lib/db/client';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { type ReceivedMail, SmtpMailbox, tokenLink } from '../helpers/smtp-mailbox';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';
import { TEST_PROXY_ADDRESS } from '../setup/test-proxy';
import { signIn, signUp } from './accounts';
import { expectError } from './helpers';
import { randomClientAddress } from './via-proxy';

let mailbox: SmtpMailbox;
let server: EmbeddedApp;
let base: string;
let db: Db;

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
  // The link is on the site's public address: here, the origin the request came to.
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

/** A new account through sign-up, its verification mail, and (unless told not to) the link followed. */
async function newAccount(label: string, { verify = true } = {}): Promise<{ email: string; cookie: string; verification: ReceivedMail }> {
  const email = uniqueEmail(label);
  const res = await signUp(email, GOOD_PASSWORD, randomClientAddress(), base);
  expect(res.status).toBe(201);
  const verification = await mailbox.waitFor(email, /^Confirm your email address/);
  if (verify) expect((await page(linkOf(verification))).html).toContain(`Thank you: ${email} is verified.`);
  return { email, cookie: await signedIn(email), verification };
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

describe('email verification', () => {
  it('sign-up mails a link from MAIL_FROM; until it is followed the account holds one key and sees the banner', async () => {
    const { email, cookie, verification } = await newAccount('verify', { verify: false });
    expect(verification.from).toBe('mail@yamljson.test');
    expect(verification.to).toStrictEqual([email]);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
    expect((await page('/dashboard', cookie)).html).toContain('Confirm your email address.');

    expect((await call(cookie, 'POST', '/api/dashboard/keys', { name: 'first' })).status).toBe(201);
    await expectError(await call(cookie, 'POST', '/api/dashboard/keys', { name: 'second' }), 403, {
      code: 'forbidden',
      message: UNVERIFIED_KEY_MESSAGE,
    });

    const link = linkOf(verification);
    expect(link).toMatch(/^\/verify-email\?token=[0-9A-Za-z]{32}$/);
    expect((await page(link)).html).toContain(`Thank you: ${email} is verified.`);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeInstanceOf(Date);
    // Single use: the same link a second time verifies nothing.
    expect((await page(link)).html).toContain(INVALID_LINK);
    expect((await page('/dashboard', cookie)).html).not.toContain('Confirm your email address.');
    expect((await call(cookie, 'POST', '/api/dashboard/keys', { name: 'second' })).status).toBe(201);
    // Only a hash of the token is stored, and the delivered mail's stored copy has its token blanked.
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    const rows = await db.accountToken.findMany({ where: { email } });
    expect(rows.map((r) => r.id)).not.toContain(token);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    const stored = await sentCopy(email);
    expect(stored.text).not.toContain(token);
    expect(stored.text).toContain(`${base}/verify-email?token=(sent)`);
  });

  it('"resend" mails a new link and the old one stops working', async () => {
    const { email, cookie, verification } = await newAccount('resend', { verify: false });
    const res = await call(cookie, 'POST', '/api/dashboard/account/verification');
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({ sent: true, email, message: `A new link is on its way to ${email}.` });
    const again = await mailbox.waitFor(email, /^Confirm your email address/, { count: 2 });
    expect(tokenOf(again)).not.toBe(tokenOf(verification));
    expect((await page(linkOf(verification))).html).toContain(INVALID_LINK);
    expect((await page(linkOf(again))).html).toContain(`Thank you: ${email} is verified.`);
    const verified = await call(cookie, 'POST', '/api/dashboard/account/verification');
    expect((await verified.json()).sent).toBe(false);
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
    expect(takenBody).toStrictEqual({ email, message: createdBody.message.replace(fresh, email).replace(fresh, email) });
    const note = await mailbox.waitFor(email, /^Someone tried to sign up/);
    expect(note.text).toContain(`${base}/forgot-password`);
    expect(tokenLink(note)).toBeNull();
    await mailbox.waitFor(fresh, /^Confirm your email address/);
    expect(mailbox.to(email, /^Confirm your email address/)).toHaveLength(1);
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
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: 'Wrong email or password.' });
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
    await expect(resetPassword(db, first, NEW_PASSWORD)).rejects.toMatchObject({ code: 'bad_request', message: INVALID_LINK });

    const issued = (await db.accountToken.findFirstOrThrow({ where: { email, purpose: 'reset_password', usedAt: null } })).createdAt.getTime();
    const at = (ms: number) => new Date(issued + ms);
    await expect(resetPassword(db, second, NEW_PASSWORD, at(30 * 60_000))).rejects.toMatchObject({ code: 'bad_request', message: INVALID_LINK });
    await expect(resetPassword(db, second, NEW_PASSWORD, at(30 * 60_000 + 1))).rejects.toMatchObject({ message: INVALID_LINK });
    expect(await resetPassword(db, second, NEW_PASSWORD, at(30 * 60_000 - 1))).toStrictEqual({ email, sessionsEnded: 1 });
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
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: 'Wrong email or password.' });
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
    expect(await signIn(email, GOOD_PASSWORD, randomClientAddress(), base)).toStrictEqual({ cookie: null, error: 'Wrong email or password.' });
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
    expect((await page(linkOf(mail))).html).toContain(`Thank you: ${email} is verified.`);
    const row = await db.outboxMail.findFirstOrThrow({ where: { to: email } });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(mailbox.to(email)).toHaveLength(1);
  });
});

// Sessions end for real: a session cookie copied before sign-out, "sign out everywhere", a password
// change or a disabled account is refused on its very next request, by the dashboard's API and
// pages alike, while the account's other sessions (and its API keys) are left alone.
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../helpers/fixtures';
import { WRONG_CREDENTIALS } from '@/lib/accounts/users';
import { bearer, callConvert, dashboardCall, runAdmin as admin, signedUpUser, signIn, signOut, testDb } from './accounts';
import { baseUrl, expectError } from './helpers';

const SIGN_IN_FIRST = { code: 'unauthorized' as const, message: 'Sign in to use the dashboard.' };

/** Everything a session cookie can do: list keys, create a key, see the dashboard page, read the session. */
async function expectSessionWorks(cookie: string): Promise<void> {
  expect((await dashboardCall(cookie, 'GET', '/api/dashboard/keys')).status).toBe(200);
  const page = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(page.status).toBe(200);
  const session = await (await fetch(`${baseUrl}/api/auth/session`, { headers: { Cookie: cookie } })).json();
  expect(session.user.email).toEqual(expect.any(String));
}

async function expectSessionEnded(cookie: string): Promise<void> {
  await expectError(await dashboardCall(cookie, 'GET', '/api/dashboard/keys'), 401, SIGN_IN_FIRST);
  await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'after the end' }), 401, SIGN_IN_FIRST);
  await expectError(await dashboardCall(cookie, 'GET', '/api/dashboard/usage'), 401, SIGN_IN_FIRST);
  const page = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(page.status).toBe(307);
  expect(page.headers.get('location')).toMatch(/\/signin\?callbackUrl=(\/|%2F)dashboard$/);
  // The browser's own view of the session: none, and the cookie is cleared.
  const session = await fetch(`${baseUrl}/api/auth/session`, { headers: { Cookie: cookie } });
  expect(await session.json()).toStrictEqual({});
  expect(session.headers.getSetCookie().join('\n')).toMatch(/next-auth\.session-token=;/);
}

describe('sessions end for real', () => {
  it('a cookie copied before sign-out no longer lists or creates keys, nor opens the dashboard', async () => {
    const { cookie } = await signedUpUser('copied');
    await expectSessionWorks(cookie);
    const copied = cookie;
    const out = await signOut(cookie);
    expect(out.status).toBe(200);
    await expectSessionEnded(copied);
  });

  it('signing out on one device leaves the others signed in', async () => {
    const { email, cookie: laptop } = await signedUpUser('devices');
    const { cookie: phone } = await signIn(email, GOOD_PASSWORD);
    expect((await signOut(laptop)).status).toBe(200);
    await expectSessionEnded(laptop);
    await expectSessionWorks(phone!);
  });

  it('"sign out everywhere" ends every session of the account, not those of others, and keys keep working', async () => {
    const { email, cookie: laptop } = await signedUpUser('everywhere');
    const { cookie: phone } = await signIn(email, GOOD_PASSWORD);
    const other = await signedUpUser('bystander');
    const created = await (await dashboardCall(laptop, 'POST', '/api/dashboard/keys', { name: 'stays' })).json();

    const res = await dashboardCall(phone, 'DELETE', '/api/dashboard/sessions');
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({ ended: 2 });
    await expectSessionEnded(laptop);
    await expectSessionEnded(phone!);
    await expectSessionWorks(other.cookie);
    expect((await callConvert(bearer(created.secret))).status).toBe(200);
    // Signing in again starts a new session.
    await expectSessionWorks((await signIn(email, GOOD_PASSWORD)).cookie!);
  });

  it("'sign out everywhere' needs a session and the site's own origin", async () => {
    await expectError(await dashboardCall(null, 'DELETE', '/api/dashboard/sessions'), 401, SIGN_IN_FIRST);
    const { cookie } = await signedUpUser('everywhere-csrf');
    await expectError(await dashboardCall(cookie, 'DELETE', '/api/dashboard/sessions', undefined, { Origin: 'http://evil.example' }), 403, {
      code: 'forbidden',
      message: 'This request comes from another site; dashboard changes are accepted only from the dashboard itself.',
    });
    await expectSessionWorks(cookie);
  });

  it('a password reset by the operator ends every session, and only the new password signs in', async () => {
    const { email, cookie } = await signedUpUser('reset');
    const { cookie: second } = await signIn(email, GOOD_PASSWORD);
    const { stdout, stderr } = await admin('reset-password', '--email', email);
    expect(stderr).toContain('every session of the account has ended');
    const password = stdout.trim();
    expect(password).toMatch(/^[0-9A-Za-z]{20}$/);
    await expectSessionEnded(cookie);
    await expectSessionEnded(second!);
    expect(await signIn(email, GOOD_PASSWORD)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    await expectSessionWorks((await signIn(email, password)).cookie!);
  });

  it('disabling the account ends its sessions', async () => {
    const { email, cookie } = await signedUpUser('disabled');
    await expectSessionWorks(cookie);
    const { stderr } = await admin('disable-account', '--email', email);
    expect(stderr).toContain('its sessions have ended');
    await expectSessionEnded(cookie);
    expect(await testDb().session.count({ where: { user: { email } } })).toBe(0);
  });

  it('keeps only a hash of the session secret: the table alone cannot sign anyone in', async () => {
    const { email, cookie } = await signedUpUser('hashed');
    const rows = await testDb().session.findMany({ where: { user: { email } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain(rows[0]!.id);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
  });
});

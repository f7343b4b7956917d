// Security of accounts and keys: every 401 case of the API, revocation taking effect at once, the
// dashboard's session and same-origin checks, other users' keys, and what is (never) stored or sent.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PATTERN } from '@/lib/accounts/ids';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { WRONG_CREDENTIALS } from '@/lib/accounts/users';
import {
  accountWithKey,
  bearer,
  callConvert,
  confirmAddress,
  dashboardCall,
  signedUpUser,
  signIn,
  signUp,
  signUpAndConfirm,
  testDb,
  verificationToken,
} from './accounts';
import { baseUrl, expectError } from './helpers';
import { randomClientAddress } from './via-proxy';

const KEYED: Array<[string, string, (headers: Record<string, string>) => Promise<Response>]> = [
  ['POST', '/api/convert', (h) => callConvert(h)],
  [
    'POST',
    '/api/validate',
    (h) =>
      fetch(`${baseUrl}/api/validate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...h },
        body: '{"input":"a: 1","type":"yaml"}',
      }),
  ],
  [
    'POST',
    '/api/format',
    (h) =>
      fetch(`${baseUrl}/api/format`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...h },
        body: '{"input":"a: 1","type":"yaml"}',
      }),
  ],
  ['GET', '/api/health', (h) => fetch(`${baseUrl}/api/health`, { headers: h })],
];

async function expectUnauthorized(res: Response, message: string): Promise<void> {
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
  expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  await expectError(res, 401, { code: 'unauthorized', message });
}

describe('API keys on the keyed endpoints', () => {
  const NOT_VALID = 'This API key is not valid: it is unknown, expired or was revoked.';

  it.each(KEYED)('%s %s: no Authorization header -> 401', async (_m, _p, call) => {
    await expectUnauthorized(await call({}), 'This endpoint needs an API key: send "Authorization: Bearer <key>". Create keys in the dashboard.');
  });

  it.each(KEYED)('%s %s: another scheme or no key -> 401', async (_m, _p, call) => {
    const { key } = await accountWithKey();
    for (const value of [`Basic ${Buffer.from(`u:${key}`).toString('base64')}`, key, 'Bearer', 'Bearer ', `Token ${key}`]) {
      await expectUnauthorized(await call({ Authorization: value }), 'The Authorization header must be "Bearer <key>".');
    }
  });

  it.each(KEYED)('%s %s: an unknown key, well-formed or not -> 401', async (_m, _p, call) => {
    const { key } = await accountWithKey();
    const unknown = `yj_${'A'.repeat(32)}`;
    expect(unknown).toMatch(API_KEY_PATTERN);
    for (const value of [unknown, `${key}x`, key.slice(0, -1), 'yj_', key.toUpperCase()]) {
      await expectUnauthorized(await call(bearer(value)), NOT_VALID);
    }
  });

  it('accepts the scheme name in any case, as RFC 7235 says', async () => {
    const { key } = await accountWithKey();
    expect((await callConvert({ Authorization: `bearer ${key}` })).status).toBe(200);
  });

  it('refuses a revoked key on the very next call', async () => {
    const { cookie } = await signedUpUser('revoke');
    const created = await (await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'soon revoked' })).json();
    expect((await callConvert(bearer(created.secret))).status).toBe(200);
    const revoked = await dashboardCall(cookie, 'POST', `/api/dashboard/keys/${created.key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).key.revokedAt).toEqual(expect.any(String));
    for (const [, , call] of KEYED) await expectUnauthorized(await call(bearer(created.secret)), NOT_VALID);
  });

  it('refuses the keys of a disabled account, and it can no longer sign in', async () => {
    const { key, userId, email } = await accountWithKey('pro');
    expect((await callConvert(bearer(key))).status).toBe(200);
    await testDb().user.update({ where: { id: userId }, data: { disabledAt: new Date() } });
    for (const [, , call] of KEYED) await expectUnauthorized(await call(bearer(key)), NOT_VALID);
    expect(await signIn(email, GOOD_PASSWORD)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
  });

  it('keeps last-used time, written at most once a minute per key', async () => {
    const { key, keyId } = await accountWithKey('pro');
    expect((await testDb().apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await callConvert(bearer(key))).status).toBe(200);
    let first: Date | null = null;
    // Written after the answer: polled for up to 30 s (a safety net for a busy machine, not a speed goal).
    for (let i = 0; i < 600 && !first; i++) {
      first = (await testDb().apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt;
      if (!first) await new Promise((r) => setTimeout(r, 50));
    }
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await callConvert(bearer(key))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await testDb().apiKey.findUniqueOrThrow({ where: { id: keyId } })).lastUsedAt).toStrictEqual(first);
  });
});

describe('the dashboard API', () => {
  const ROUTES: Array<[string, string, unknown?]> = [
    ['GET', '/api/dashboard/keys'],
    ['POST', '/api/dashboard/keys', { name: 'x' }],
    ['PATCH', '/api/dashboard/keys/key_x', { name: 'x' }],
    ['DELETE', '/api/dashboard/keys/key_x'],
    ['POST', '/api/dashboard/keys/key_x/revoke'],
    ['GET', '/api/dashboard/plan'],
    ['PUT', '/api/dashboard/plan', { plan: 'enterprise' }],
    ['GET', '/api/dashboard/usage'],
    ['GET', '/api/dashboard/usage?keyId=key_x'],
    ['GET', '/api/dashboard/requests'],
  ];

  it.each(ROUTES)('%s %s without a session -> 401', async (method, path, body) => {
    await expectError(await dashboardCall(null, method, path, body), 401, { code: 'unauthorized', message: 'Sign in to use the dashboard.' });
  });

  it.each(ROUTES)('%s %s with a forged session cookie -> 401', async (method, path, body) => {
    const res = await dashboardCall('next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..x.y.z', method, path, body);
    await expectError(res, 401, { code: 'unauthorized', message: 'Sign in to use the dashboard.' });
  });

  it('refuses a change from another origin, or with no origin at all, and changes nothing', async () => {
    const { cookie } = await signedUpUser('csrf');
    const forbidden = {
      code: 'forbidden' as const,
      message: 'This request comes from another site; dashboard changes are accepted only from the dashboard itself.',
    };
    const evil = { Origin: 'http://evil.example' };
    await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'evil' }, evil), 403, forbidden);
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'enterprise' }, evil), 403, forbidden);
    await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'evil' }, {}), 403, forbidden);
    await expectError(
      await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'evil' }, { 'Sec-Fetch-Site': 'cross-site' }),
      403,
      forbidden,
    );
    const list = await (await dashboardCall(cookie, 'GET', '/api/dashboard/keys')).json();
    expect(list.keys).toStrictEqual([]);
    expect((await (await dashboardCall(cookie, 'GET', '/api/dashboard/plan')).json()).plan).toBe('free');
    // Sign-up is a change too.
    const res = await fetch(`${baseUrl}/api/account/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://evil.example' },
      body: JSON.stringify({ email: uniqueEmail('evil'), password: GOOD_PASSWORD }),
    });
    await expectError(res, 403, forbidden);
  });

  it("cannot reach another user's key by id", async () => {
    const alice = await signedUpUser('alice');
    const bob = await signedUpUser('bob');
    const created = await (await dashboardCall(alice.cookie, 'POST', '/api/dashboard/keys', { name: 'alice key' })).json();
    const id = created.key.id;
    await expectError(await dashboardCall(bob.cookie, 'PATCH', `/api/dashboard/keys/${id}`, { name: 'mine now' }), 404, {
      code: 'not_found',
      message: 'No such key.',
    });
    await expectError(await dashboardCall(bob.cookie, 'DELETE', `/api/dashboard/keys/${id}`), 404, { code: 'not_found', message: 'No such key.' });
    await expectError(await dashboardCall(bob.cookie, 'POST', `/api/dashboard/keys/${id}/revoke`), 404, {
      code: 'not_found',
      message: 'No such key.',
    });
    expect((await (await dashboardCall(bob.cookie, 'GET', '/api/dashboard/keys')).json()).keys).toStrictEqual([]);
    const alices = (await (await dashboardCall(alice.cookie, 'GET', '/api/dashboard/keys')).json()).keys;
    expect(alices).toStrictEqual([expect.objectContaining({ id, name: 'alice key', revokedAt: null })]);
    expect((await callConvert(bearer(created.secret))).status).toBe(200);
  });

  it('never returns a password hash, and stores no plaintext key', async () => {
    const email = uniqueEmail('secrets');
    const bodies: string[] = [];
    const signup = await signUp(email, GOOD_PASSWORD);
    bodies.push(await signup.text());
    const { cookie } = await confirmAddress(await verificationToken(email), GOOD_PASSWORD);
    const created = await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'look' });
    const createdText = await created.text();
    bodies.push(createdText);
    const secret = (JSON.parse(createdText) as { secret: string }).secret;
    expect(secret).toMatch(API_KEY_PATTERN);
    expect((await callConvert(bearer(secret))).status).toBe(200);
    for (const path of ['/api/dashboard/keys', '/api/dashboard/plan', '/api/dashboard/usage', '/api/auth/session']) {
      bodies.push(await (await dashboardCall(cookie, 'GET', path)).text());
    }
    bodies.push(await (await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' })).text());
    const stored = await testDb().user.findUniqueOrThrow({ where: { email } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    for (const body of bodies) {
      expect(body).not.toContain(stored.passwordHash);
      expect(body).not.toContain('scrypt$');
      expect(body).not.toContain('passwordHash');
      expect(body).not.toContain(GOOD_PASSWORD);
    }
    // Only the creation answer ever carries the secret.
    expect(bodies.filter((b) => b.includes(secret))).toStrictEqual([createdText]);

    // Read the table and look: every column of every key row, as text.
    const rows = await testDb().$queryRaw<Array<{ row: string }>>`SELECT row_to_json(k)::text AS row FROM "ApiKey" k`;
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) expect(row).not.toContain(secret.slice(3));
    const mine = await testDb().apiKey.findFirstOrThrow({ where: { user: { email } } });
    expect(mine.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(mine.prefix).toBe(secret.slice(0, 11));
  });
});

describe('sign-up and sign-in', () => {
  it('says clearly what is wrong with a sign-up', async () => {
    await expectError(await signUp(uniqueEmail('weak'), 'short'), 400, {
      code: 'bad_request',
      message: 'Password is too short: use at least 10 characters.',
    });
    await expectError(await signUp(uniqueEmail('weak'), 'password123'), 400, {
      code: 'bad_request',
      message: 'Password is one of the most common passwords: choose another.',
    });
    await expectError(await signUp('not-an-email', GOOD_PASSWORD), 400, {
      code: 'bad_request',
      message: '"not-an-email" is not an email address.',
    });
  });

  it('refuses a wrong password, then throttles that email from that address after 5 failures, even with the right password', async () => {
    const email = uniqueEmail('throttle');
    const address = randomClientAddress();
    await signUpAndConfirm(email);
    for (let i = 0; i < 5; i++) {
      expect(await signIn(email, `wrong password ${i}`, address)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
    }
    const throttled = await signIn(email, GOOD_PASSWORD, address);
    expect(throttled.cookie).toBeNull();
    expect(throttled.error).toMatch(/^Too many failed sign-in attempts\. Try again in ([1-9]|[12][0-9]|30) minutes?\.$/);
    // Another account from the same address is not locked out by it.
    const other = uniqueEmail('other');
    expect(await signUpAndConfirm(other, GOOD_PASSWORD, address)).toContain('next-auth.session-token');
    expect((await signIn(other, GOOD_PASSWORD, address)).cookie).toContain('next-auth.session-token');
  });

  it('gives an unknown email the same answer as a wrong password', async () => {
    expect(await signIn(uniqueEmail('nobody'), GOOD_PASSWORD)).toStrictEqual({ cookie: null, error: WRONG_CREDENTIALS });
  });
});

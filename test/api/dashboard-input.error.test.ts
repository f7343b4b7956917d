// Hostile text in the dashboard's and sign-in's inputs: a NUL (which PostgreSQL refuses in text,
// SQLSTATE 22021), lone surrogates, control characters, malformed key ids and percent-escapes. Each gets
// 400 `bad_request` with the error body (or the form's message for sign-in), never a 500, and nothing is stored.
// (A path whose percent-escapes do not decode, `/api/dashboard/keys/%ZZ`, is refused before routing:
// scripts/serve.ts, tested with the server's limits.)
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../helpers/fixtures';
import { dashboardCall, signedUpUser, signIn, signUp, testDb } from './accounts';
import { baseUrl, expectError, expectServerAlive } from './helpers';

const NAME_CONTROL = 'Key names are one line of text: no control characters (NUL, tabs, line breaks...).';
const NAME_SURROGATE = 'Key names must be valid Unicode text (this one has a lone surrogate).';
const NOT_AN_EMAIL = 'That is not an email address: it has a control character or is not valid Unicode text.';
const BAD_KEY_ID = 'Key ids look like "key_" followed by 20 letters and digits.';

/** A JSON body written by hand, so lone surrogates stay as escapes (JSON.stringify would keep them too, but say so). */
function rawJsonCall(cookie: string, method: string, path: string, json: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { method, headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' }, body: json });
}

async function keyNames(cookie: string): Promise<string[]> {
  const res = await dashboardCall(cookie, 'GET', '/api/dashboard/keys');
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: Array<{ name: string }> }).keys.map((k) => k.name);
}

describe('key names', () => {
  it('refuse a NUL, control characters and line separators with 400, on create and on rename', async () => {
    const { cookie } = await signedUpUser('names');
    for (const name of ['a\u0000b', '\u0000', 'tab\there', 'two\nlines', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'ls\u2028']) {
      await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name }), 400, { code: 'bad_request', message: NAME_CONTROL });
    }
    const created = await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'fine – ünïcode 🙂' });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: { id: string } };
    await expectError(await dashboardCall(cookie, 'PATCH', `/api/dashboard/keys/${key.id}`, { name: 'x\u0000' }), 400, {
      code: 'bad_request',
      message: NAME_CONTROL,
    });
    expect(await keyNames(cookie)).toStrictEqual(['fine – ünïcode 🙂']);
    await expectServerAlive();
  });

  it('refuse lone surrogates with 400 instead of storing U+FFFD', async () => {
    const { cookie } = await signedUpUser('surrogates');
    for (const json of ['{"name":"a\\ud800b"}', '{"name":"\\udc00"}', '{"name":"x\\udbff"}']) {
      await expectError(await rawJsonCall(cookie, 'POST', '/api/dashboard/keys', json), 400, { code: 'bad_request', message: NAME_SURROGATE });
    }
    // A pair is one character (an emoji), not a lone surrogate.
    expect((await rawJsonCall(cookie, 'POST', '/api/dashboard/keys', '{"name":"\\ud83d\\ude42"}')).status).toBe(201);
    expect(await keyNames(cookie)).toStrictEqual(['🙂']);
  });
});

describe('key ids in the path', () => {
  it('answer 400 for a NUL or any malformed id, 404 for a well-formed unknown id', async () => {
    const { cookie } = await signedUpUser('ids');
    for (const id of ['key_%00', '%00', 'key_x', `key_${'A'.repeat(19)}%00`, "key_'%20OR%201=1", `key_${'A'.repeat(21)}`, 'a'.repeat(300)]) {
      await expectError(await dashboardCall(cookie, 'PATCH', `/api/dashboard/keys/${id}`, { name: 'n' }), 400, {
        code: 'bad_request',
        message: BAD_KEY_ID,
      });
      await expectError(await dashboardCall(cookie, 'DELETE', `/api/dashboard/keys/${id}`), 400, { code: 'bad_request', message: BAD_KEY_ID });
      await expectError(await dashboardCall(cookie, 'POST', `/api/dashboard/keys/${id}/revoke`), 400, { code: 'bad_request', message: BAD_KEY_ID });
    }
    await expectError(await dashboardCall(cookie, 'DELETE', `/api/dashboard/keys/key_${'A'.repeat(20)}`), 404, {
      code: 'not_found',
      message: 'No such key.',
    });
    await expectServerAlive();
  });
});

describe('the key list cursor', () => {
  it('refuses a cursor it did not make with 400', async () => {
    const { cookie } = await signedUpUser('cursor');
    const message = '"cursor" is not valid: pass the nextCursor of the previous page as it is.';
    for (const cursor of [
      '%00',
      'abc',
      '%ZZ',
      Buffer.from('1.key_\u0000').toString('base64url'),
      Buffer.from(`99999999999999999.key_${'A'.repeat(20)}`).toString('base64url'),
      Buffer.from(`999999999999999.key_${'A'.repeat(20)}`).toString('base64url'),
      'x'.repeat(500),
    ]) {
      await expectError(await dashboardCall(cookie, 'GET', `/api/dashboard/keys?cursor=${cursor}`), 400, { code: 'bad_request', message });
    }
  });
});

describe('emails', () => {
  it('sign-up refuses a NUL, a control character or a lone surrogate in the email with 400, and stores nothing', async () => {
    const local = uniqueEmail('nul').split('@')[0]!;
    for (const email of [
      `${local}\u0000@example.test`,
      `${local}@exa\u0000mple.test`,
      `${local}\u0007@example.test`,
      `${local}\ud800@example.test`,
    ]) {
      const res = await signUp(email, GOOD_PASSWORD);
      await expectError(res, 400, { code: 'bad_request', message: NOT_AN_EMAIL });
    }
    expect(await testDb().user.count({ where: { email: { startsWith: local } } })).toBe(0);
    await expectServerAlive();
  });

  it('sign-up refuses a password with a lone surrogate (it would hash like U+FFFD)', async () => {
    // JSON.stringify writes the lone surrogate as the escape \ud800, which the server parses back.
    const res = await signUp(uniqueEmail('pw'), 'correct horse \ud800 staple');
    await expectError(res, 400, { code: 'bad_request', message: 'Password must be valid Unicode text (it has a lone surrogate).' });
  });

  // (A form body cannot carry a lone surrogate: the browser and URLSearchParams send U+FFFD.)
  it('sign-in with a NUL or a control character in the email says it is not an email address', async () => {
    const local = uniqueEmail('signin').split('@')[0]!;
    for (const email of [`${local}\u0000@example.test`, `${local}\u001b@example.test`]) {
      expect(await signIn(email, GOOD_PASSWORD)).toStrictEqual({ cookie: null, error: NOT_AN_EMAIL });
    }
    await expectServerAlive();
  });
});

describe('plan', () => {
  it('refuses a NUL or a non-string plan with 400', async () => {
    const { cookie } = await signedUpUser('plan');
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: 'free\u0000' }), 400, {
      code: 'bad_request',
      message: expect.stringMatching(/^Unknown plan /),
    });
    await expectError(await dashboardCall(cookie, 'PUT', '/api/dashboard/plan', { plan: ['free'] }), 400, {
      code: 'bad_request',
      message: '"plan" is required and must be a string.',
    });
  });
});

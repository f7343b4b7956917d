// Through the running app (embedded database, key cache, buffered recorder): a key's usage per
// endpoint and hour (`GET /api/dashboard/usage?keyId=`, JSON and CSV, with the session or the account's Bearer
// key), the request log found by the X-Request-Id of a response, key expiry (refused once past, from the key
// cache too), and deleting revoked keys.
import { describe, expect, it } from 'vitest';
import { bearer, callConvert, dashboardCall, signedUpUser, testDb } from './accounts';
import { baseUrl, expectError } from './helpers';

interface Created {
  key: { id: string; prefix: string; expiresAt: string | null; revokedAt: string | null };
  secret: string;
}

async function createKey(cookie: string, body: Record<string, unknown>): Promise<Created> {
  const res = await dashboardCall(cookie, 'POST', '/api/dashboard/keys', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Created;
}

const validate = (key: string) =>
  fetch(`${baseUrl}/api/validate`, {
    method: 'POST',
    headers: { ...bearer(key), 'Content-Type': 'application/json' },
    body: JSON.stringify({ input: 'a: 1', type: 'yaml' }),
  });

const usage = (auth: { cookie?: string; key?: string }, query: string) =>
  fetch(`${baseUrl}/api/dashboard/usage${query}`, {
    headers: { ...(auth.cookie ? { Cookie: auth.cookie } : {}), ...(auth.key ? bearer(auth.key) : {}) },
  });

const HOUR = (iso: string) => `${iso.slice(0, 13)}:00:00.000Z`;

describe("a key's usage", () => {
  it('counts each call per endpoint and hour, for that key only; JSON and CSV', async () => {
    const { cookie } = await signedUpUser('key-usage');
    const a = await createKey(cookie, { name: 'ci' });
    const b = await createKey(cookie, { name: 'other' });
    for (let i = 0; i < 3; i++) expect((await callConvert(bearer(a.secret))).status).toBe(200);
    expect((await validate(a.secret)).status).toBe(200);
    expect((await callConvert(bearer(b.secret))).status).toBe(200);
    const hour = HOUR(new Date().toISOString());

    const res = await usage({ cookie }, `?keyId=${a.key.id}`);
    expect(res.status).toBe(200);
    const report = await res.json();
    expect(report).toMatchObject({ keyId: a.key.id, name: 'ci', prefix: a.key.prefix, total: 4 });
    expect(report.endpoints).toStrictEqual([
      { endpoint: '/api/convert', count: 3 },
      { endpoint: '/api/validate', count: 1 },
    ]);
    expect(report.hours).toStrictEqual([
      { hourStart: hour, endpoint: '/api/convert', count: 3 },
      { hourStart: hour, endpoint: '/api/validate', count: 1 },
    ]);

    const csv = await usage({ cookie }, `?keyId=${a.key.id}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="yamljson-usage-${a.key.prefix}.csv"`);
    expect(await csv.text()).toBe(
      `hour_start_utc,key_id,key_prefix,endpoint,calls\r\n${hour},${a.key.id},${a.key.prefix},/api/convert,3\r\n${hour},${a.key.id},${a.key.prefix},/api/validate,1\r\n`,
    );

    // The account's summary has 30 UTC days, today's total in the last.
    const summary = await (await usage({ cookie }, '')).json();
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toStrictEqual({ day: new Date().toISOString().slice(0, 10), count: 5 });
    const accountCsv = await usage({ cookie }, '?format=csv');
    expect(accountCsv.headers.get('content-disposition')).toBe('attachment; filename="yamljson-usage.csv"');
    const lines = (await accountCsv.text()).split('\r\n');
    expect(lines).toHaveLength(32); // the header, 30 days, and the empty string after the last line break
    expect([lines[0], lines[30], lines[31]]).toStrictEqual(['day_utc,calls', `${new Date().toISOString().slice(0, 10)},5`, '']);
    await expectError(await usage({ cookie }, '?format=xml'), 400, { code: 'bad_request', message: '"format" is json or csv.' });
  });

  it("answers 404 for another account's key or an unknown one, 400 for a malformed id: nothing leaks", async () => {
    const alice = await signedUpUser('usage-alice');
    const bob = await signedUpUser('usage-bob');
    const alices = await createKey(alice.cookie, { name: 'alice' });
    expect((await callConvert(bearer(alices.secret))).status).toBe(200);
    await expectError(await usage({ cookie: bob.cookie }, `?keyId=${alices.key.id}`), 404, { code: 'not_found', message: 'No such key.' });
    await expectError(await usage({ cookie: bob.cookie }, `?keyId=${alices.key.id}&format=csv`), 404, { code: 'not_found', message: 'No such key.' });
    await expectError(await usage({ cookie: bob.cookie }, `?keyId=key_${'A'.repeat(20)}`), 404, { code: 'not_found', message: 'No such key.' });
    await expectError(await usage({ cookie: bob.cookie }, '?keyId=key_%00'), 400, {
      code: 'bad_request',
      message: '"keyId" is not a key id: they look like "key_" followed by 20 letters and digits.',
    });
  });

  it("answers a script that sends one of the account's keys, and counts that call toward the quota", async () => {
    const { cookie } = await signedUpUser('usage-script');
    const key = await createKey(cookie, { name: 'script' });
    const first = await callConvert(bearer(key.secret));
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    const res = await usage({ key: key.secret }, `?keyId=${key.key.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('98');
    // A call is recorded as it ends, after its answer was made: the next report has it.
    expect((await res.json()).endpoints).toStrictEqual([{ endpoint: '/api/convert', count: 1 }]);
    const again = await usage({ key: key.secret }, `?keyId=${key.key.id}`);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('97');
    expect((await again.json()).endpoints).toStrictEqual([
      { endpoint: '/api/convert', count: 1 },
      { endpoint: '/api/dashboard/usage', count: 1 },
    ]);
    // Another account's key id, with this account's key: 404 as well.
    const other = await signedUpUser('usage-script-other');
    const theirs = await createKey(other.cookie, { name: 'theirs' });
    await expectError(await usage({ key: key.secret }, `?keyId=${theirs.key.id}`), 404, { code: 'not_found', message: 'No such key.' });
    // A Bearer key that is not valid is refused, even with a session beside it.
    const bad = await usage({ key: `yj_${'x'.repeat(32)}`, cookie }, '');
    expect(bad.status).toBe(401);
  });
});

describe('the request log', () => {
  it('finds a call by the X-Request-Id of its response, with status, error code, sizes and no body', async () => {
    const { cookie } = await signedUpUser('log');
    const key = await createKey(cookie, { name: 'logged' });
    const body = JSON.stringify({ input: 'a: [', inputType: 'yaml', outputType: 'json' });
    const res = await fetch(`${baseUrl}/api/convert`, {
      method: 'POST',
      headers: { ...bearer(key.secret), 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(422);
    const answer = await res.text();
    const requestId = res.headers.get('x-request-id')!;

    const found = await dashboardCall(cookie, 'GET', `/api/dashboard/requests?requestId=${requestId}`);
    expect(found.status).toBe(200);
    const { requests } = await found.json();
    expect(requests).toStrictEqual([
      {
        at: expect.any(String),
        keyId: key.key.id,
        keyPrefix: key.key.prefix,
        method: 'POST',
        endpoint: '/api/convert',
        status: 422,
        errorCode: 'invalid_input',
        inputBytes: Buffer.byteLength(body),
        outputBytes: Buffer.byteLength(answer),
        durationMs: expect.any(Number),
        requestId,
      },
    ]);
    // Never the body: no column holds the input.
    const row = await testDb().requestLogEntry.findFirstOrThrow({ where: { requestId } });
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('a: [');
    // Another account does not find it.
    const other = await signedUpUser('log-other');
    expect((await (await dashboardCall(other.cookie, 'GET', `/api/dashboard/requests?requestId=${requestId}`)).json()).requests).toStrictEqual([]);
    await expectError(await dashboardCall(cookie, 'GET', '/api/dashboard/requests?requestId=nope'), 400, {
      code: 'bad_request',
      message: 'Request ids look like "req_" followed by letters and digits (the X-Request-Id header of a response).',
    });
  });
});

describe('key expiry', () => {
  it('refuses an expiry in the past, more than 2 years ahead, or not a time', async () => {
    const { cookie } = await signedUpUser('expiry-input');
    const cases: Array<[unknown, string]> = [
      [new Date(Date.now() - 60_000).toISOString(), '"expiresAt" must be in the future.'],
      [new Date(Date.now() + 731 * 86_400_000).toISOString(), '"expiresAt" may be at most 2 years (730 days) ahead.'],
      ['tomorrow', '"expiresAt" must be an ISO 8601 time, e.g. 2027-01-31T00:00:00Z (or a date, 2027-01-31, meaning its start in UTC).'],
      [42, '"expiresAt" must be an ISO 8601 time (a string), or null for a key that does not expire.'],
      ['2027-02-30T00:00:00Z', '"expiresAt" is not a date: send an ISO 8601 time, e.g. 2027-01-31T00:00:00Z.'],
    ];
    for (const [expiresAt, message] of cases) {
      await expectError(await dashboardCall(cookie, 'POST', '/api/dashboard/keys', { name: 'x', expiresAt }), 400, { code: 'bad_request', message });
    }
    expect((await (await dashboardCall(cookie, 'GET', '/api/dashboard/keys')).json()).keys).toStrictEqual([]);
  });

  it('refuses a key with 401 once its expiry has passed, though the server cached its owner', async () => {
    const { cookie } = await signedUpUser('expiry');
    const expiresAt = new Date(Date.now() + 2_000);
    const key = await createKey(cookie, { name: 'short', expiresAt: expiresAt.toISOString() });
    expect(key.key.expiresAt).toBe(expiresAt.toISOString());
    // Served from the key cache after this first call.
    expect((await callConvert(bearer(key.secret))).status).toBe(200);
    expect((await callConvert(bearer(key.secret))).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now()) + 100));
    await expectError(await callConvert(bearer(key.secret)), 401, {
      code: 'unauthorized',
      message: 'This API key is not valid: it is unknown, expired or was revoked.',
    });
  });
});

describe('deleting keys', () => {
  it('deletes a revoked key (its usage too); an active key is refused with 409 key_active', async () => {
    const { cookie } = await signedUpUser('delete');
    const key = await createKey(cookie, { name: 'old' });
    expect((await callConvert(bearer(key.secret))).status).toBe(200);
    await expectError(await dashboardCall(cookie, 'DELETE', `/api/dashboard/keys/${key.key.id}`), 409, {
      code: 'key_active',
      message: 'This key is still active: revoke it first, then delete it.',
    });
    const revoked = await dashboardCall(cookie, 'POST', `/api/dashboard/keys/${key.key.id}/revoke`);
    expect((await revoked.json()).key.revokedAt).toEqual(expect.any(String));
    const deleted = await dashboardCall(cookie, 'DELETE', `/api/dashboard/keys/${key.key.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toStrictEqual({ deleted: key.key.id });
    expect((await (await dashboardCall(cookie, 'GET', '/api/dashboard/keys')).json()).keys).toStrictEqual([]);
    expect(await testDb().keyUsageHour.count({ where: { keyId: key.key.id } })).toBe(0);
    await expectError(await usage({ cookie }, `?keyId=${key.key.id}`), 404, { code: 'not_found', message: 'No such key.' });
    await expectError(await dashboardCall(cookie, 'DELETE', `/api/dashboard/keys/${key.key.id}`), 404, {
      code: 'not_found',
      message: 'No such key.',
    });
  });
});

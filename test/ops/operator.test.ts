// The operator's view of a running app (the built server, as `npm start` runs it) on the machine's
// PostgreSQL (through a proxy the test can break) and Redis, started with METRICS_TOKEN:
// - GET /api/metrics after a few calls has the exact counts: requests by route and status, a 429 quota
//   denial, conversion bytes by direction; it refuses a wrong token;
// - the server's log (test-results/ops-operator.log) has one JSON line per request, without email or key;
// - GET /api/health/ready answers 200 with no key, 503 `unavailable` naming the database while the
//   database does not answer (and the metrics count it), and 200 again once it does.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@/lib/accounts/plans';
import { type AccountWithKey, createAccountWithKey } from '../helpers/fixtures';
import type { FaultyProxy } from '../helpers/faulty-proxy';
import { expectUnavailable, timedFetch } from '../helpers/outage';
import { startOutageHarness, type OutageHarness } from '../helpers/outage-harness';
import { servicesAvailable, REDIS_URL } from '../integration/services';
import type { AppServer } from '../setup/app-server';
import { TEST_METRICS_TOKEN } from './secrets';

const available = await servicesAvailable();

/** The value of one sample of the text format (`name{a="x",b="y"} 3`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (found.size === wanted.length && wanted.every(([k, v]) => found.get(k) === v)) return Number(match[3]);
  }
  return undefined;
}

describe.runIf(available)("the operator's view of a running app", () => {
  let harness: OutageHarness;
  let proxy: FaultyProxy;
  let app: AppServer;
  let account: AccountWithKey;

  beforeAll(async () => {
    harness = await startOutageHarness({
      proxied: 'database',
      redisUrl: REDIS_URL,
      logName: 'ops-operator',
      env: { METRICS_TOKEN: TEST_METRICS_TOKEN, LOG_LEVEL: 'info' },
    });
    ({ proxy, app } = harness);
    account = await createAccountWithKey(harness.db, { label: 'ops', plan: 'free', keyName: 'ops' });
  });
  afterAll(() => harness?.stop());

  const scrape = async () => {
    const res = await fetch(`${app.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  const call = async (path: string, body: string, contentType = 'application/json', key = account.key) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': contentType },
      body,
    });
    return { status: res.status, requestId: res.headers.get('x-request-id')!, bytes: (await res.arrayBuffer()).byteLength };
  };
  const bytes = (s: string) => Buffer.byteLength(s);
  /**
   * The server's log once it holds the lines of these requests: the server writes each line before the
   * answer, but the test harness copies its output into the file afterwards (a pipe, then a file stream).
   */
  const logWith = async (requestIds: string[]): Promise<string> => {
    for (let waited = 0; ; waited += 50) {
      const log = readFileSync(app.logFile, 'utf8');
      if (requestIds.every((id) => log.includes(`"requestId":"${id}"`))) return log;
      if (waited > 15_000) throw new Error(`the log has no line for ${requestIds.join(', ')} after 15 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('counts requests by route and status, the quota denial and conversion bytes by direction, exactly', async () => {
    const yamlBodies = [
      JSON.stringify({ input: 'a: 1\nb: [x, y]\n', inputType: 'yaml', outputType: 'json' }),
      JSON.stringify({ input: 'name: ops\nlist:\n  - 1\n  - 2\n', inputType: 'yaml', outputType: 'json' }),
    ];
    const toYaml = await call('/api/convert?from=json&to=yaml', '{"k": [1, 2, {"x": "y"}]}', 'application/json');
    const fromYaml = [await call('/api/convert', yamlBodies[0]!), await call('/api/convert', yamlBodies[1]!)];
    const unknownKey = await call('/api/convert', yamlBodies[0]!, 'application/json', `yj_${'0'.repeat(32)}`);
    expect([toYaml.status, ...fromYaml.map((r) => r.status), unknownKey.status]).toStrictEqual([200, 200, 200, 401]);

    // The Free plan's hour: 3 calls spent above; the rest of it, and one more (refused), concurrently.
    const limit = PLANS.free.requestsPerHour!;
    const burst = await Promise.all(
      Array.from({ length: limit - 3 + 1 }, (_, i) => call('/api/validate', JSON.stringify({ input: `n: ${i}`, type: 'yaml' }))),
    );
    const statuses = burst.map((r) => r.status);
    expect({ ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length }).toStrictEqual({
      ok: limit - 3,
      limited: 1,
    });

    const text = await scrape();
    const requests = (route: string, status: number, method = 'POST') =>
      sample(text, 'yamljson_http_requests_total', { route, method, status: String(status) });
    expect({
      convertOk: requests('/api/convert', 200),
      convertUnauthorized: requests('/api/convert', 401),
      validateOk: requests('/api/validate', 200),
      validateLimited: requests('/api/validate', 429),
      quotaDenials: sample(text, 'yamljson_quota_denials_total', { plan: 'free' }),
      convertLatencyCount: sample(text, 'yamljson_http_request_duration_seconds_count', { route: '/api/convert', method: 'POST', status: '200' }),
    }).toStrictEqual({
      convertOk: 3,
      convertUnauthorized: 1,
      validateOk: limit - 3,
      validateLimited: 1,
      quotaDenials: 1,
      convertLatencyCount: 3,
    });
    // Bytes in are the request bodies, bytes out the answers' bodies; validate converts nothing.
    expect({
      yamlToJsonIn: sample(text, 'yamljson_conversion_bytes_total', { direction: 'yaml->json', side: 'in' }),
      yamlToJsonOut: sample(text, 'yamljson_conversion_bytes_total', { direction: 'yaml->json', side: 'out' }),
      yamlToJsonCount: sample(text, 'yamljson_conversion_duration_seconds_count', { direction: 'yaml->json' }),
      jsonToYamlIn: sample(text, 'yamljson_conversion_bytes_total', { direction: 'json->yaml', side: 'in' }),
      jsonToYamlOut: sample(text, 'yamljson_conversion_bytes_total', { direction: 'json->yaml', side: 'out' }),
      jsonToYamlCount: sample(text, 'yamljson_conversion_duration_seconds_count', { direction: 'json->yaml' }),
    }).toStrictEqual({
      yamlToJsonIn: bytes(yamlBodies[0]!) + bytes(yamlBodies[1]!),
      yamlToJsonOut: fromYaml[0]!.bytes + fromYaml[1]!.bytes,
      yamlToJsonCount: 2,
      jsonToYamlIn: bytes('{"k": [1, 2, {"x": "y"}]}'),
      jsonToYamlOut: toYaml.bytes,
      jsonToYamlCount: 1,
    });
    expect(sample(text, 'yamljson_pool_queued_jobs')).toBe(0);
    expect(sample(text, 'yamljson_pool_running_jobs')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(text).not.toMatch(/^yamljson_conversion_bytes_total\{[^}]*direction="validate/m);
  });

  it('refuses a scrape without the token or with a wrong one (401), and counts those refusals', async () => {
    const before = sample(await scrape(), 'yamljson_http_requests_total', { route: '/api/metrics', method: 'GET', status: '401' }) ?? 0;
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: `Bearer ${TEST_METRICS_TOKEN.slice(0, -1)}` },
      { Authorization: `Bearer ${account.key}` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${app.baseUrl}/api/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    expect(sample(await scrape(), 'yamljson_http_requests_total', { route: '/api/metrics', method: 'GET', status: '401' })).toBe(before + 3);
  });

  it('writes one JSON line per request to its log: ids, key prefix, route, status, bytes, duration; no email, no key', async () => {
    // An account of its own: the first test spent the other's hour.
    const owner = await createAccountWithKey(harness.db, { label: 'ops-log', plan: 'pro', keyName: 'ops-log' });
    const converted = await call('/api/convert?from=yaml&to=json', 'x: 1\n', 'application/yaml', owner.key);
    const refused = await call('/api/convert', '{}', 'application/json', `yj_${'1'.repeat(32)}`);
    const log = await logWith([converted.requestId, refused.requestId]);
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const of = (requestId: string) => lines.filter((l) => l.requestId === requestId);
    expect(of(converted.requestId)).toStrictEqual([
      {
        level: 'info',
        time: expect.any(String),
        service: 'yamljson',
        requestId: converted.requestId,
        accountId: owner.userId,
        keyPrefix: owner.key.slice(0, 11),
        route: '/api/convert',
        method: 'POST',
        status: 200,
        errorCode: null,
        inputBytes: bytes('x: 1\n'),
        outputBytes: converted.bytes,
        durationMs: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(of(refused.requestId)).toMatchObject([
      { accountId: null, keyPrefix: null, route: '/api/convert', status: 401, errorCode: 'unauthorized' },
    ]);
    for (const secret of [account.email, account.key, owner.email, owner.key]) expect(log).not.toContain(secret);
    expect(log).not.toContain(TEST_METRICS_TOKEN);
  });

  it('is ready with no key while the database and Redis answer, 503 naming the database while it does not, ready again after', async () => {
    const ready = () => timedFetch(`${app.baseUrl}/api/health/ready`);
    const first = await ready();
    expect({ status: first.res.status, body: await first.res.json() }).toStrictEqual({
      status: 200,
      body: { status: 'ready', checked: ['database', 'redis'] },
    });
    const errorsBefore = sample(await scrape(), 'yamljson_dependency_errors_total', { dependency: 'database' }) ?? 0;

    await proxy.setMode('blackhole');
    let unavailable = 0;
    try {
      const during = await ready();
      await expectUnavailable(during, 'database');
      unavailable++;
    } finally {
      await proxy.setMode('forward');
    }
    // Back without a restart: asked until it answers 200, each 503 on the way counted here.
    let lastReadyId = '';
    for (let tries = 0; ; tries++) {
      const again = await ready();
      lastReadyId = again.res.headers.get('x-request-id')!;
      if (again.res.status === 200) break;
      expect(again.res.status).toBe(503);
      unavailable++;
      if (tries > 150) throw new Error('not ready again after 150 tries');
      await new Promise((r) => setTimeout(r, 100));
    }
    const text = await scrape();
    expect(sample(text, 'yamljson_dependency_errors_total', { dependency: 'database' })).toBe(errorsBefore + unavailable);
    expect(sample(text, 'yamljson_http_requests_total', { route: '/api/health/ready', method: 'GET', status: '503' })).toBe(unavailable);
    const warned = (await logWith([lastReadyId])).split('\n').filter((l) => l.includes('"route":"/api/health/ready"') && l.includes('"status":503'));
    expect(warned).toHaveLength(unavailable);
    expect(JSON.parse(warned[0]!)).toMatchObject({ level: 'warn', errorCode: 'unavailable', dependencies: ['database'] });
  });
});

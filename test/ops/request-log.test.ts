// The request's log line and metrics, written where a request ends (lib/api/with-api.ts), read from a
// real pino logger of the services: which fields, which level, what never appears (an email, a key, a
// stack in the body), and GET /api/metrics's token checks. In-process: each case states its services.
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyOwner } from '@/lib/accounts/api-keys';
import type { CallRecord } from '@/lib/accounts/key-usage/interface';
import type { KeyUsageRecorder } from '@/lib/accounts/key-usage/recorder';
import { ApiError } from '@/lib/api/errors';
import { enforceQuota } from '@/lib/api/guards';
import { handleMetrics } from '@/lib/api/handlers/metrics';
import { jsonReply } from '@/lib/api/reply';
import { type ApiGuard, type ApiHandler, withApi } from '@/lib/api/with-api';
import { DependencyUnavailableError } from '@/lib/dependencies';
import { createLogger } from '@/lib/observability/logger';
import { Metrics } from '@/lib/observability/metrics';
import { installServices, uninstallServices } from '@/lib/services/seam';
import type { Services } from '@/lib/services/services';
import { testServices } from '../helpers/services';
import { TEST_METRICS_TOKEN } from './secrets';

const KEY = `yj_${'k'.repeat(32)}`;
const OWNER: KeyOwner = { keyId: 'key_one', prefix: 'yj_kkkkkkkk', userId: 'usr_owner', plan: 'free', expiresAtMs: null };
const EMAIL = 'operator-log@example.test';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

/** Services with a logger writing into `lines`, a metrics registry, and a usage recorder that keeps what it is given. */
function observed(env: Record<string, string> = {}) {
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      raw += String(chunk);
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const calls: CallRecord[] = [];
  const services: Services = testServices({
    env,
    log: createLogger({ level: 'info', pretty: false, destination }),
    metrics: new Metrics(),
    usage: { record: (call: CallRecord) => calls.push(call) } as unknown as KeyUsageRecorder,
  });
  installServices(services);
  uninstall = uninstallServices;
  return { services, lines, calls, raw: () => raw };
}

const keyed: ApiGuard = (_request, ctx) => {
  ctx.account = OWNER;
};
const signedIn: ApiGuard = (_request, ctx) => {
  ctx.user = { id: 'usr_dashboard', email: EMAIL, plan: 'pro' };
};

function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://127.0.0.1${path}`, { headers });
}

describe('the request line', () => {
  it('names the request, account, key prefix, route, status and bytes; never the key or an email', async () => {
    const { lines, calls, raw } = observed();
    const handler: ApiHandler = () => jsonReply({ ok: true, owner: EMAIL.length });
    const res = await withApi(handler, { guards: [keyed] })(
      new Request('http://127.0.0.1/api/convert', {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Length': '7' },
        body: 'abcdefg',
      }),
    );
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: res.headers['X-Request-Id'],
      accountId: 'usr_owner',
      keyPrefix: 'yj_kkkkkkkk',
      route: '/api/convert',
      method: 'POST',
      status: 200,
      errorCode: null,
      inputBytes: 7,
      outputBytes: Buffer.byteLength(String(res.body)),
      durationMs: expect.any(Number),
    });
    // The same figures as the per-key usage record (one computation for both).
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ requestId: lines[0]!.requestId, status: 200, inputBytes: 7, keyPrefix: 'yj_kkkkkkkk' });
    expect(raw()).not.toContain(KEY);
    expect(raw()).not.toContain('Bearer');
  });

  it('names a dashboard request by the session user id, not the email, under its route with [id]', async () => {
    const { lines, raw, services } = observed();
    const res = await withApi(() => jsonReply({ email: EMAIL }), { guards: [signedIn] })(get('/api/dashboard/keys/key_7Hq2/revoke'), {
      id: 'key_7Hq2',
    });
    expect(res.status).toBe(200);
    expect(lines[0]).toMatchObject({ accountId: 'usr_dashboard', keyPrefix: null, route: '/api/dashboard/keys/[id]/revoke', status: 200 });
    expect(raw()).not.toContain(EMAIL);
    expect(raw()).not.toContain('key_7Hq2');
    const text = (await services.metrics.scrape()).text;
    expect(text).toContain('yamljson_http_requests_total{route="/api/dashboard/keys/[id]/revoke",method="GET",status="200"} 1');
  });

  it("labels a route file's request with the table's path, whatever the id (one series per route, never per id)", async () => {
    const { lines, services } = observed();
    const { nextRoutes } = await import('@/lib/api/routes');
    const handlers = nextRoutes('/api/dashboard/keys/[id]');
    const ids = ["key_' OR 1=1", 'a'.repeat(200), 'key_%ZZ'];
    for (const id of ids) {
      // A cross-site PATCH: refused (403) by the first guard, and still one line and one count.
      const request = new Request(`http://127.0.0.1/api/dashboard/keys/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        headers: { Origin: 'https://elsewhere.example' },
      });
      expect((await handlers.PATCH(request, { params: Promise.resolve({ id }) })).status).toBe(403);
    }
    expect(lines.map((l) => l.route)).toStrictEqual(ids.map(() => '/api/dashboard/keys/[id]'));
    const text = (await services.metrics.scrape()).text;
    expect(text).toContain('yamljson_http_requests_total{route="/api/dashboard/keys/[id]",method="PATCH",status="403"} 3');
    expect(text).not.toContain('OR 1=1');
  });

  it('logs a 500 at error level with the stack, which the body never shows', async () => {
    const { lines } = observed();
    const res = await withApi(() => {
      throw new Error('the disk caught fire');
    })(get('/api/health/live'));
    expect(res.status).toBe(500);
    expect(String(res.body)).not.toContain('the disk caught fire');
    expect(String(res.body)).not.toContain('request-log.test.ts');
    expect(lines).toHaveLength(1);
    const err = lines[0]!.err as { message: string; stack: string };
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'request failed', status: 500, errorCode: 'internal_error' });
    expect(err.message).toBe('the disk caught fire');
    expect(err.stack).toContain('request-log.test.ts');
  });

  it('redacts secret fields an error carries (headers, cookies, passwords, tokens)', async () => {
    const { lines, raw } = observed();
    await withApi(() => {
      throw Object.assign(new Error('upstream refused'), {
        password: 'hunter2-hunter2',
        token: 'tok_abcdefgh',
        headers: { authorization: `Bearer ${KEY}`, cookie: 'next-auth.session-token=abc' },
      });
    })(get('/api/convert'));
    expect(lines[0]!.err).toMatchObject({
      message: 'upstream refused',
      password: '[Redacted]',
      token: '[Redacted]',
      headers: { authorization: '[Redacted]', cookie: '[Redacted]' },
    });
    for (const secret of ['hunter2-hunter2', 'tok_abcdefgh', KEY, 'session-token=abc']) expect(raw()).not.toContain(secret);
  });

  it('logs a dependency that did not answer as a warning naming it, and counts it', async () => {
    const { lines, services } = observed();
    const res = await withApi(() => {
      throw new DependencyUnavailableError('database', 'SELECT 1: no answer within 1000 ms');
    })(get('/api/health/ready'));
    expect(res.status).toBe(503);
    expect(lines[0]).toMatchObject({ level: 'warn', status: 503, errorCode: 'unavailable', dependencies: ['database'] });
    const text = (await services.metrics.scrape()).text;
    expect(text).toContain('yamljson_dependency_errors_total{dependency="database"} 1');
  });

  it("counts a spent quota's 429 as a quota denial of the plan, and no other 429", async () => {
    const { services } = observed();
    const quota = {
      kind: 'memory',
      consume: async () => ({ allowed: false, limit: 100, remaining: 0, resetSeconds: 4_000_000_000 }),
      flush: async () => {},
    };
    const withQuota: Services = { ...services, quota: quota as unknown as Services['quota'] };
    installServices(withQuota);
    const spent = withApi(() => jsonReply({}), { guards: [keyed, enforceQuota] });
    for (let i = 0; i < 3; i++) expect((await spent(get('/api/validate'))).status).toBe(429);
    // An account's own queue of large bodies is full: 429 rate_limited too, but not its quota.
    const busy = withApi(
      () => {
        throw new ApiError('rate_limited', 'This account is already sending 4 request bodies over 1 MiB at once.');
      },
      { guards: [keyed] },
    );
    expect((await busy(get('/api/convert'))).status).toBe(429);
    const text = (await services.metrics.scrape()).text;
    expect(text).toContain('yamljson_quota_denials_total{plan="free"} 3');
    expect(text).toContain('yamljson_http_requests_total{route="/api/validate",method="GET",status="429"} 3');
    expect(text).toContain('yamljson_http_requests_total{route="/api/convert",method="GET",status="429"} 1');
  });
});

describe('GET /api/metrics', () => {
  const metrics = withApi(handleMetrics);

  it('answers 404 not_found without METRICS_TOKEN, whatever is sent', async () => {
    observed();
    const res = await metrics(get('/api/metrics', { Authorization: `Bearer ${TEST_METRICS_TOKEN}` }));
    expect(res.status).toBe(404);
    expect(JSON.parse(String(res.body)).error.code).toBe('not_found');
  });

  it('answers 401 for no token or a wrong one, 200 with the text format for the right one', async () => {
    observed({ METRICS_TOKEN: TEST_METRICS_TOKEN });
    expect((await metrics(get('/api/metrics'))).status).toBe(401);
    expect((await metrics(get('/api/metrics', { Authorization: `Bearer ${TEST_METRICS_TOKEN}x` }))).status).toBe(401);
    expect((await metrics(get('/api/metrics', { Authorization: `Basic ${TEST_METRICS_TOKEN}` }))).status).toBe(401);
    const res = await metrics(get('/api/metrics', { Authorization: `Bearer ${TEST_METRICS_TOKEN}` }));
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The three refused scrapes, counted before this one answered.
    expect(String(res.body)).toContain('yamljson_http_requests_total{route="/api/metrics",method="GET",status="401"} 3');
  });

  it('is refused at start when the token is short', () => {
    expect(() => testServices({ env: { METRICS_TOKEN: 'short' } })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

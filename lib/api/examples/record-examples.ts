// The API's answers to the documentation's example requests, got by calling the public endpoints
// in-process (the route table's endpoints: the guards, the handlers, the one error path) rather than
// written by hand. `npm run docs:examples` writes them to openapi-examples.generated.json, which
// openapi-examples.ts reads; test/unit/openapi-examples-drift.test.ts records them again and fails
// when the file differs from what the server answers now.
//
// What is not the server's own here, and why: the API keys are looked up by a table of four example
// keys (a Free account, one whose hour is spent, one whose lookup fails unexpectedly, one whose
// lookup finds Redis down) instead of the database; the spent account's quota store says the hour
// is used up; the database answers health's `SELECT 1` and the key's last-use write. Everything
// these give is an input to the real guards and handlers, whose answers are recorded as they are.
import { KeyUsageRecorder } from '@/lib/accounts/key-usage/recorder';
import 'server-only';
import { PLANS, type PlanId } from '@/lib/accounts/plans';
import { KeyLastUse, type KeyOwner } from '@/lib/accounts/api-keys';
import type { QuotaDecision, QuotaStore } from '@/lib/accounts/quota/interface';
import { PublicSite } from '@/lib/http/public-site';
import { loadConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { MAX_DEPTH } from '@/lib/converter/limits';
import { SessionSecret } from '@/lib/auth/session-secret';
import { AuthChanges } from '@/lib/services/auth-changes';
import { installServices, uninstallServices } from '@/lib/services/seam';
import type { Services } from '@/lib/services/services';
import { BodyGate } from '../body-gate';
import { dependencyUnavailable } from '../errors';
import { PUBLIC_ROUTES, type PublicPath } from '../public-routes';
import { endpointFor } from '../route-table';
import {
  convertRequestExamples,
  EXAMPLE_KEYS,
  formatRequestExamples,
  rawConvertRequests,
  SCHEMA_EXAMPLE_ID,
  SCHEMA_LIST_EXAMPLE_ENTRIES,
  validateRequestExamples,
} from '../openapi-examples';
import { ConversionPool, runLimits } from '../run-converter';
import { silentLogger } from '@/lib/observability/logger';
import { Metrics } from '@/lib/observability/metrics';

/** One example call: what is sent. */
export interface ExampleCall {
  method: 'GET' | 'POST';
  path: PublicPath;
  query?: string;
  /** Which example key is sent (none: no Authorization header). */
  key?: keyof typeof EXAMPLE_KEYS;
  contentType?: string;
  /** A JSON body (sent as JSON) or text (sent as is). */
  body?: unknown;
  /** The route's `[id]`, filled in the path sent. */
  params?: Record<string, string>;
}

/** The answer, with what varies from call to call made fixed (see `NORMALISED`). */
export interface RecordedAnswer {
  status: number;
  contentType: string | null;
  /** Parsed when JSON, text otherwise. */
  body: unknown;
}

/** A request id as the server makes them (`req_` and 20 characters), always this one in the examples. */
export const EXAMPLE_REQUEST_ID = 'req_4x7Qk2ZpL9bWm3NcV8Ts';
/** The quota's reset time in the rate_limited example. */
export const EXAMPLE_RESET = '2026-11-22T15:00:00.000Z';
/** Health's uptime in the example. */
export const EXAMPLE_UPTIME = 42;

export const NORMALISED =
  'Recorded by `npm run docs:examples` from the real endpoints (lib/api/examples/record-examples.ts); do not edit. ' +
  'Only what varies from call to call is made fixed: request ids (`requestId`, also inside messages) are ' +
  `${EXAMPLE_REQUEST_ID}, \`processingMs\` is 0, health's \`uptime\` is ${EXAMPLE_UPTIME}, and ISO timestamps in messages (the quota's reset) are ${EXAMPLE_RESET}.`;

const json = 'application/json';

/** Every example call, by the name the OpenAPI examples use (`<operation>.<example>`, `error.<code>`). */
export function exampleCalls(): Record<string, ExampleCall> {
  const calls: Record<string, ExampleCall> = {};
  for (const [name, { value }] of Object.entries(convertRequestExamples)) {
    calls[`convert.${name}`] = { method: 'POST', path: '/api/convert', key: 'free', contentType: json, body: value };
  }
  calls['convert.rawYamlToJson'] = {
    method: 'POST',
    path: '/api/convert',
    query: '?from=yaml&to=json',
    key: 'free',
    contentType: 'application/yaml',
    body: rawConvertRequests.yamlToJson,
  };
  calls['convert.rawJsonToYaml'] = {
    method: 'POST',
    path: '/api/convert',
    query: '?from=json&to=yaml',
    key: 'free',
    contentType: json,
    body: rawConvertRequests.jsonToYaml,
  };
  for (const [name, { value }] of Object.entries(formatRequestExamples)) {
    calls[`format.${name}`] = { method: 'POST', path: '/api/format', key: 'free', contentType: json, body: value };
  }
  for (const [name, { value }] of Object.entries(validateRequestExamples)) {
    calls[`validate.${name}`] = { method: 'POST', path: '/api/validate', key: 'free', contentType: json, body: value };
  }
  calls['health.healthy'] = { method: 'GET', path: '/api/health', key: 'free' };
  calls['schemas.list'] = { method: 'GET', path: '/api/schemas' };
  calls['schemas.one'] = { method: 'GET', path: '/api/schemas/[id]', params: { id: SCHEMA_EXAMPLE_ID } };
  calls['error.not_found'] = { method: 'GET', path: '/api/schemas/[id]', params: { id: 'no-such-schema' } };
  calls['live.live'] = { method: 'GET', path: '/api/health/live' };

  const convert = (body: unknown, extra: Partial<ExampleCall> = {}): ExampleCall => ({
    method: 'POST',
    path: '/api/convert',
    key: 'free',
    contentType: json,
    body,
    ...extra,
  });
  calls['error.bad_request'] = convert({ input: 'a: 1', inputType: 'xml', outputType: 'json' });
  calls['error.unauthorized'] = convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, { key: 'unknown' });
  calls['error.payload_too_large'] = convert({
    input: `a: "${'x'.repeat(PLANS.free.maxInputBytes)}"\n`,
    inputType: 'yaml',
    outputType: 'json',
  });
  calls['error.unsupported_media_type'] = convert('<p>a: 1</p>', { contentType: 'text/html' });
  calls['error.invalid_input'] = convert({ input: 'a: 1\na: 2\n', inputType: 'yaml', outputType: 'json' });
  calls['error.limit_exceeded'] = convert({
    input: `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}\n`,
    inputType: 'yaml',
    outputType: 'json',
  });
  calls['error.rate_limited'] = convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, { key: 'spent' });
  calls['error.internal_error'] = convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, { key: 'broken' });
  calls['error.method_not_allowed'] = { method: 'GET', path: '/api/convert', key: 'free' };
  calls['error.unavailable'] = convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }, { key: 'redisDown' });
  return calls;
}

const OWNERS: Record<string, KeyOwner> = {
  [EXAMPLE_KEYS.free]: { keyId: 'key_example_free', prefix: 'yj_example', userId: 'user_example_free', plan: 'free', expiresAtMs: null },
  [EXAMPLE_KEYS.spent]: { keyId: 'key_example_spent', prefix: 'yj_example', userId: 'user_example_spent', plan: 'free', expiresAtMs: null },
};

/** The hour of `now` ends at `resetSeconds`; the spent account has used all of it. */
function quotaStore(): QuotaStore {
  return {
    kind: 'memory',
    async consume(userId: string, plan: PlanId): Promise<QuotaDecision> {
      const limit = PLANS[plan].requestsPerHour;
      const resetSeconds = Math.floor(Date.now() / 3_600_000) * 3600 + 3600;
      if (limit === null) return { allowed: true, limit: null, remaining: null, resetSeconds };
      const spent = userId === OWNERS[EXAMPLE_KEYS.spent]!.userId;
      return { allowed: !spent, limit, remaining: spent ? 0 : limit - 1, resetSeconds };
    },
    flush: async () => {},
  };
}

function exampleServices(): Services {
  const config = loadConfig({});
  const db = {
    $queryRaw: async () => [{ '?column?': 1 }],
    apiKey: { update: async () => ({}) },
  } as unknown as Db;
  return {
    config,
    dev: false,
    db,
    site: new PublicSite('http://localhost:3000'),
    // The public API has nothing of billing.
    billing: null,
    redis: null,
    quota: quotaStore(),
    // The example calls' per-key usage and log rows are counted and dropped: nothing is stored.
    keyLastUse: new KeyLastUse(db, silentLogger()),
    sessionSecret: new SessionSecret(db, 'the examples sign nobody in'),
    usage: new KeyUsageRecorder({ addUsage: async () => {}, addLog: async () => {}, trimLog: async () => {}, sweep: async () => {} }),
    async findKeyOwner(secret: string) {
      if (secret === EXAMPLE_KEYS.broken) throw new Error('an unexpected failure in the key lookup (the internal_error example)');
      if (secret === EXAMPLE_KEYS.redisDown) throw dependencyUnavailable(['redis']);
      return OWNERS[secret] ?? null;
    },
    // No worker file is needed: without the bundle every job runs on this thread (same answers).
    pool: new ConversionPool(runLimits({ cores: 1, workerFile: '/nonexistent/pool-worker.cjs' })),
    bodyGate: new BodyGate({ ...config.largeBodies, uploadsPerAccount: config.uploadsPerAccount }),
    // The examples' failures are deliberate (the internal_error example): nothing to log.
    log: silentLogger(),
    metrics: new Metrics(),
    authChanges: new AuthChanges(),
    // The public API sends no mail: any use is a mistake in the recorder, and throws.
    mail: new Proxy({} as Services['mail'], {
      get: (_target, prop) => {
        throw new Error(`the example calls use no mail service (asked for ${String(prop)})`);
      },
    }),
    shutdown: async () => {},
  };
}

async function call(c: ExampleCall): Promise<RecordedAnswer> {
  const headers: Record<string, string> = {};
  if (c.key) headers.Authorization = `Bearer ${EXAMPLE_KEYS[c.key]}`;
  if (c.contentType) headers['Content-Type'] = c.contentType;
  const body = c.body === undefined ? undefined : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  const path = c.params ? c.path.replace('[id]', encodeURIComponent(c.params.id!)) : c.path;
  const request = new Request(`http://localhost${path}${c.query ?? ''}`, { method: c.method, headers, body });
  const reply = await endpointFor(PUBLIC_ROUTES[c.path], c.method)(request, c.params);
  const text = typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body);
  const contentType = reply.headers['Content-Type'] ?? null;
  const parsed = /^application\/(schema\+)?json/.test(contentType ?? '') ? (JSON.parse(text) as unknown) : text;
  return { status: reply.status, contentType, body: normalise(c.path === '/api/schemas' ? shortList(parsed) : parsed) };
}

/** The catalog's list, cut to its first entries (the example shows its shape, not hundreds of entries). */
function shortList(body: unknown): unknown {
  const list = body as { schemas: unknown[]; external: unknown[]; files: unknown[] };
  const short = (items: unknown[]) => items.slice(0, SCHEMA_LIST_EXAMPLE_ENTRIES);
  return { ...list, schemas: short(list.schemas), external: short(list.external), files: short(list.files) };
}

/** Makes fixed only what must vary (NORMALISED says what). */
function normalise(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(/req_[0-9A-Za-z]{20}/g, EXAMPLE_REQUEST_ID).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, EXAMPLE_RESET);
  }
  if (typeof value === 'number') {
    if (key === 'processingMs') return 0;
    if (key === 'uptime') return EXAMPLE_UPTIME;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  }
  return value;
}

/** Sends every example call to the endpoints, in-process, and returns the answers by name. */
export async function recordExamples(): Promise<Record<string, RecordedAnswer>> {
  const services = exampleServices();
  installServices(services);
  try {
    const out: Record<string, RecordedAnswer> = {};
    for (const [name, c] of Object.entries(exampleCalls())) out[name] = await call(c);
    return out;
  } finally {
    uninstallServices();
    await services.pool.close();
  }
}

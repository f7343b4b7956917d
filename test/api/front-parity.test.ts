// The public API has two ways in: the server's node:http front (what `npm start` serves, and what
// every other API test calls) and the Next.js route files (what `npm run dev` serves, and
// YAMLJSON_API_FRONT=off). Both call the same endpoints; this holds their answers equal: status,
// the headers a client reads, and the body, for successes and for every kind of refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';
import { apiKey, baseUrl, maxInputBytes } from './helpers';

const COMPARED_HEADERS = [
  'content-type',
  'cache-control',
  'allow',
  'www-authenticate',
  'retry-after',
  'connection',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-conversion-input-size',
  'x-conversion-output-size',
  'x-conversion-anchors-count',
  'x-conversion-comments-count',
  'x-conversion-documents',
  'x-conversion-warnings',
  'etag',
];

interface Call {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send the key of the server called. */
  keyed?: boolean;
}

const json = { 'Content-Type': 'application/json' };
const CALLS: Call[] = [
  {
    name: 'convert YAML -> JSON',
    method: 'POST',
    path: '/api/convert',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'a: &x [1, 2]\nb: *x # c\n', inputType: 'yaml', outputType: 'json' }),
  },
  {
    name: 'convert JSON -> YAML with warnings',
    method: 'POST',
    path: '/api/convert',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: '{"a": 1, "a": 2}', inputType: 'json', outputType: 'yaml' }),
  },
  {
    name: 'convert, preserve flags',
    method: 'POST',
    path: '/api/convert',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: '# top\na: &x 1\nb: *x\n', inputType: 'yaml', outputType: 'yaml', preserveComments: true, preserveAnchors: true }),
  },
  {
    name: 'raw mode',
    method: 'POST',
    path: '/api/convert?from=yaml&to=json',
    keyed: true,
    headers: { 'Content-Type': 'application/yaml' },
    body: 'k: [1, 2, {x: y}]\n',
  },
  {
    name: 'raw mode, bad query',
    method: 'POST',
    path: '/api/convert?from=yaml&to=toml',
    keyed: true,
    headers: { 'Content-Type': 'application/yaml' },
    body: 'k: 1\n',
  },
  {
    name: 'validate, invalid',
    method: 'POST',
    path: '/api/validate',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'a: [1,\nb: }', inputType: 'yaml' }),
  },
  {
    name: 'convert, invalid input (422)',
    method: 'POST',
    path: '/api/convert',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'a: [', inputType: 'yaml', outputType: 'json' }),
  },
  { name: 'bad JSON body (400)', method: 'POST', path: '/api/convert', keyed: true, headers: json, body: '{"input": ' },
  { name: 'no Content-Type (415)', method: 'POST', path: '/api/validate', keyed: true, body: '{}' },
  {
    name: 'declared length over the cap (413)',
    method: 'POST',
    path: '/api/convert?from=yaml&to=json',
    keyed: true,
    headers: { 'Content-Type': 'application/yaml' },
    body: 'x'.repeat(maxInputBytes + 1),
  },
  { name: 'no key (401)', method: 'POST', path: '/api/convert', headers: json, body: '{}' },
  { name: 'unknown key (401)', method: 'GET', path: '/api/health', headers: { Authorization: `Bearer yj_${'0'.repeat(32)}` } },
  { name: 'wrong method (405)', method: 'DELETE', path: '/api/validate', keyed: true },
  { name: 'liveness', method: 'GET', path: '/api/health/live' },
  { name: 'readiness (no key)', method: 'GET', path: '/api/health/ready' },
  { name: 'readiness, wrong method (405)', method: 'POST', path: '/api/health/ready' },
  {
    name: 'metrics without METRICS_TOKEN (404)',
    method: 'GET',
    path: '/api/metrics',
    headers: { Authorization: 'Bearer metrics-token-0123456789abcdef' },
  },
  { name: 'OpenAPI document', method: 'GET', path: '/api/openapi.json' },
  { name: 'OpenAPI document in YAML', method: 'GET', path: '/api/openapi.yaml' },
  { name: 'the schema catalog', method: 'GET', path: '/api/schemas' },
  { name: 'one catalog schema', method: 'GET', path: '/api/schemas/github-workflow' },
  { name: 'one catalog schema, percent-encoded id', method: 'GET', path: '/api/schemas/openapi-3.%58' },
  {
    name: 'a catalog schema not changed (304)',
    method: 'GET',
    path: '/api/schemas/chart',
    headers: { 'If-None-Match': '"x", W/"wBYnJjdqQQiVea23fy2U3R"' },
  },
  { name: 'no such catalog schema (404)', method: 'GET', path: '/api/schemas/no-such-schema' },
  { name: 'catalog schema, wrong method (405)', method: 'POST', path: '/api/schemas/chart' },
  {
    name: 'validate by catalog name',
    method: 'POST',
    path: '/api/validate',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'apiVersion: v2\nname: web\n', type: 'yaml', schema: 'Helm Chart.yaml' }),
  },
  {
    name: 'validate by file name',
    method: 'POST',
    path: '/api/validate',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'on: push\njobs: {}\n', type: 'yaml', schema: 'auto', filename: '.github/workflows/ci.yml' }),
  },
  {
    name: 'validate by file name, no match (400)',
    method: 'POST',
    path: '/api/validate',
    keyed: true,
    headers: json,
    body: JSON.stringify({ input: 'a: 1\n', type: 'yaml', schema: 'auto', filename: 'notes/today.yaml' }),
  },
];

let viaNext: EmbeddedApp;

beforeAll(async () => {
  viaNext = await startEmbeddedApp({
    logName: 'api-server-next-routes',
    email: 'parity@yamljson.test',
    plan: 'enterprise',
    env: { YAMLJSON_API_FRONT: 'off', MAX_INPUT_BYTES: String(maxInputBytes) },
  });
});

afterAll(() => viaNext?.stop());

async function answer(base: string, key: string, call: Call) {
  const headers = { ...call.headers, ...(call.keyed ? { Authorization: `Bearer ${key}` } : {}) };
  const res = await fetch(`${base}${call.path}`, { method: call.method, headers, body: call.body });
  const shown: Record<string, string | null> = {};
  for (const name of COMPARED_HEADERS) shown[name] = res.headers.get(name);
  const text = await res.text();
  // Request ids and timings differ from call to call by design; the OpenAPI document's `servers` names the server called.
  const body = text
    .replace(/req_[0-9A-Za-z]{20}/g, 'req_ID')
    .replace(/"processingMs":\d+/g, '"processingMs":0')
    .replaceAll(base, 'http://SERVER');
  return { status: res.status, requestId: res.headers.get('x-request-id') !== null, headers: shown, body };
}

describe('the node:http front and the Next.js route files answer alike', () => {
  it('serves the API through the front, not through Next.js, in the app under test', async () => {
    // Next.js marks what it renders with a Vary header on RSC fields; the front does not.
    const front = await fetch(`${baseUrl}/api/health/live`);
    const next = await fetch(`${viaNext.app.baseUrl}/api/health/live`);
    expect(front.headers.get('vary')).toBeNull();
    expect(next.headers.get('vary')).not.toBeNull();
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('%s', async (_name, call) => {
    const [front, next] = await Promise.all([answer(baseUrl, apiKey, call), answer(viaNext.app.baseUrl, viaNext.key, call)]);
    expect(front).toStrictEqual(next);
  });
});

// The SDK's retrying fetch on its own (the running-server tests are client.api.test.ts and
// retry-503.api.test.ts): which statuses it retries, the delay it asks for with and without
// Retry-After (seconds or an HTTP date), the jitter's bounds, the maximum wait, and that every
// attempt sends the whole body. The server here is a real node:http server answering a script.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../packages/sdk/src/errors';
import { retryingFetch } from '../../packages/sdk/src/retry';

/** Answers each request with the next [status, headers] of `script` (then 200), recording the bodies received. */
let script: Array<[number, Record<string, string>]> = [];
const bodies: string[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      const [status, headers] = script.shift() ?? [200, {}];
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/convert`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function run(steps: Array<[number, Record<string, string>]>, options: Parameters<typeof retryingFetch>[1], random = () => 0) {
  script = [...steps];
  bodies.length = 0;
  const delays: number[] = [];
  const send = retryingFetch((request) => fetch(request), options, {
    random,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
  return { delays, response: send(new Request(url, { method: 'POST', body: '{"input":"a: 1"}' })) };
}

describe('retryingFetch', () => {
  it('retries 429 and 503 with Retry-After in seconds, sending the whole body each time', async () => {
    const { delays, response } = run(
      [
        [429, { 'Retry-After': '2' }],
        [503, { 'Retry-After': '7' }],
      ],
      { maxAttempts: 3 },
    );
    expect((await response).status).toBe(200);
    expect(delays).toStrictEqual([2000, 7000]);
    expect(bodies).toStrictEqual(Array(3).fill('{"input":"a: 1"}'));
  });

  it('never retries other statuses (400, 401, 413, 422, 500)', async () => {
    for (const status of [400, 401, 413, 422, 500]) {
      const { delays, response } = run([[status, { 'Retry-After': '1' }]], { maxAttempts: 5 });
      expect((await response).status).toBe(status);
      expect({ status, delays, attempts: bodies.length }).toStrictEqual({ status, delays: [], attempts: 1 });
    }
  });

  it('without Retry-After: exponential back-off from baseDelayMs', async () => {
    const { delays, response } = run(
      [
        [503, {}],
        [503, {}],
        [503, {}],
      ],
      { maxAttempts: 4, baseDelayMs: 100 },
    );
    expect((await response).status).toBe(200);
    expect(delays).toStrictEqual([100, 200, 400]);
  });

  it('jitter adds at most its fraction of the delay, capped at 1 s, never less than Retry-After', async () => {
    const high = () => 0.999999;
    const small = run([[429, { 'Retry-After': '1' }]], { maxAttempts: 2, jitter: 0.2 }, high);
    await small.response;
    expect(small.delays[0]).toBeGreaterThanOrEqual(1000);
    expect(small.delays[0]).toBeLessThanOrEqual(1200);
    const large = run([[429, { 'Retry-After': '30' }]], { maxAttempts: 2, jitter: 0.2 }, high);
    await large.response;
    expect(large.delays[0]).toBeGreaterThanOrEqual(30_000);
    expect(large.delays[0]).toBeLessThanOrEqual(31_000);
  });

  it('stops at maxAttempts and returns the last answer', async () => {
    const { delays, response } = run(Array(5).fill([429, { 'Retry-After': '1' }]), { maxAttempts: 2 });
    expect((await response).status).toBe(429);
    expect({ delays, attempts: bodies.length }).toStrictEqual({ delays: [1000], attempts: 2 });
  });

  it('a Retry-After longer than maxWaitMs is returned at once', async () => {
    const { delays, response } = run([[429, { 'Retry-After': '3600' }]], { maxAttempts: 3, maxWaitMs: 60_000 });
    expect((await response).status).toBe(429);
    expect({ delays, attempts: bodies.length }).toStrictEqual({ delays: [], attempts: 1 });
  });

  it('an HTTP-date Retry-After is the seconds until then', async () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:09 GMT', now)).toBe(9);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

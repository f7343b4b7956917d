// @yamljson/sdk and a real 503: an app of the test's own whose Redis (the quota store) is behind a
// proxy the test turns into a black hole, so every keyed call answers 503 `unavailable` with
// Retry-After. The SDK waits what Retry-After says (an injected sleep records it and, on the
// first wait, lets Redis answer again) and its next attempt succeeds; with the outage kept, the
// attempts run out and the 503's body is the typed error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Yamljson, YamljsonError } from '../../packages/sdk/src/index';
import type { FaultyProxy } from '../helpers/faulty-proxy';
import { createAccountWithKey } from '../helpers/fixtures';
import { startOutageHarness, type OutageHarness } from '../helpers/outage-harness';
import { REDIS_URL, servicesAvailable } from '../integration/services';
import type { AppServer } from '../setup/app-server';

const available = await servicesAvailable();

describe.runIf(available)('@yamljson/sdk retries a real 503 (own app, Redis behind a proxy)', () => {
  let harness: OutageHarness;
  let proxy: FaultyProxy;
  let app: AppServer;
  let key: string;

  beforeAll(async () => {
    harness = await startOutageHarness({ proxied: 'redis', redisUrl: REDIS_URL, logName: 'sdk-retry-503' });
    ({ proxy, app } = harness);
    key = (await createAccountWithKey(harness.db, { label: 'sdk-503' })).key;
  });
  afterAll(() => harness?.stop());

  function client(onFirstWait: () => Promise<void>, maxAttempts = 3) {
    const statuses: number[] = [];
    const delays: number[] = [];
    const retryAfters: Array<number | undefined> = [];
    const sdk = new Yamljson({
      baseUrl: app.baseUrl,
      apiKey: key,
      retry: { maxAttempts, maxWaitMs: 30_000 },
      fetch: async (request) => {
        const response = await fetch(request);
        statuses.push(response.status);
        return response;
      },
      sleep: async (ms) => {
        delays.push(ms);
        if (delays.length === 1) await onFirstWait();
      },
      onRetry: (info) => retryAfters.push(info.retryAfterSeconds),
    });
    return { sdk, statuses, delays, retryAfters };
  }

  it('waits Retry-After after the 503 and succeeds on the next attempt once Redis answers', async () => {
    const { sdk } = client(async () => {});
    expect((await sdk.validate({ input: 'a: 1', type: 'yaml' })).valid).toBe(true);

    await proxy.setMode('blackhole');
    // The app's Redis client takes a moment to find Redis again after the black hole: the sleeps
    // return at once, so allow enough attempts for that (each 503 takes its one-second deadline).
    const { sdk: retrying, statuses, delays, retryAfters } = client(() => proxy.setMode('forward'), 20);
    try {
      const answer = await retrying.convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json' });
      expect(answer.output).toBe('{\n  "a": 1\n}\n');
    } finally {
      await proxy.setMode('forward');
    }
    // 503s, each followed by a wait of its Retry-After (5 s) plus at most 1 s of jitter, then the 200.
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses).toStrictEqual([...Array(statuses.length - 1).fill(503), 200]);
    expect(retryAfters).toStrictEqual(Array(statuses.length - 1).fill(5));
    expect(delays).toHaveLength(statuses.length - 1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(5000);
      expect(delay).toBeLessThanOrEqual(6000);
    }
    console.log(`[sdk] 503 then 200 after ${statuses.length} attempts`);
  });

  it('an outage that lasts: the attempts run out and the 503 body is a typed error naming Redis', async () => {
    await proxy.setMode('blackhole');
    const { sdk, statuses, delays } = client(async () => {});
    try {
      let error: unknown;
      await sdk.health().catch((err: unknown) => {
        error = err;
      });
      expect(error).toBeInstanceOf(YamljsonError);
      expect(error).toMatchObject({ status: 503, code: 'unavailable', dependencies: ['redis'], retryAfterSeconds: 5 });
      expect((error as YamljsonError).requestId).toMatch(/^req_/);
    } finally {
      await proxy.setMode('forward');
    }
    expect(statuses).toStrictEqual([503, 503, 503]);
    expect(delays).toHaveLength(2);
  });
});

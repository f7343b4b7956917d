// Redis (the quota store) that stops answering, is paused, or restarts, under two app instances
// sharing one PostgreSQL database and one Redis: every keyed call answers 503 `unavailable` naming
// Redis within about a second (never a hang), the service recovers without a restart, and a
// restart that wipes Redis does not give the hour's calls back. The Redis is the test's own (the
// machine's is shared with other tests), behind a proxy that can turn into a black hole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@/lib/accounts/quota/interface';
import type { Db } from '@/lib/db/client';
import type { FaultyProxy } from '../helpers/faulty-proxy';
import { createAccountWithKey } from '../helpers/fixtures';
import { expectUnavailable, recovers, report, timedFetch, type Answer } from '../helpers/outage';
import { startOutageHarness, type OutageHarness } from '../helpers/outage-harness';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import type { AppServer } from '../setup/app-server';
import { servicesAvailable } from './services';

const available = await servicesAvailable();

describe.runIf(available)('Redis outages (two instances, own Redis)', () => {
  let harness: OutageHarness | undefined;
  let db: Db;
  let redis: OwnRedis;
  let proxy: FaultyProxy;
  let apps: readonly AppServer[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    harness = await startOutageHarness({ proxied: 'redis', redisUrl: `redis://127.0.0.1:${redis.port}`, logName: 'redis-outage', instances: 2 });
    ({ db, proxy, apps } = harness);
  });
  afterAll(async () => {
    await harness?.stop();
    await redis?.stop();
  });

  const freeKey = async () => (await createAccountWithKey(db, { label: 'redis-outage', keyName: 'outage' })).key;

  const validate = (key: string, app = apps[0]!): Promise<Answer> =>
    timedFetch(`${app.baseUrl}/api/validate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"input":"a: 1","type":"yaml"}',
    });
  const convert = (key: string): Promise<Answer> =>
    timedFetch(`${apps[0]!.baseUrl}/api/convert`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"input":"a: 1","inputType":"yaml","outputType":"json"}',
    });
  const health = (key: string): Promise<Answer> => timedFetch(`${apps[0]!.baseUrl}/api/health`, { headers: { Authorization: `Bearer ${key}` } });

  it('a Redis that accepts and never answers: 503 naming Redis, never a hang; back to 200 once it answers, without a restart', async () => {
    const key = await freeKey();
    expect((await validate(key)).res.status).toBe(200);
    await proxy.setMode('blackhole');
    try {
      // The open connection goes silent first; the ones made after it hang in their handshake.
      for (let round = 1; round <= 3; round++) {
        for (const [name, call] of [
          ['validate', validate],
          ['convert', convert],
          ['health', health],
        ] as const) {
          const answer = await call(key);
          report(`Redis black hole, ${name} (call ${round})`, answer);
          await expectUnavailable(answer, 'redis');
        }
      }
    } finally {
      await proxy.setMode('forward');
    }
    console.log(`[outage] Redis black hole -> answering again: 200 after ${await recovers(() => validate(key))} ms`);
  });

  it('CLIENT PAUSE: 503 within about a second while Redis is paused, 200 after', async () => {
    const key = await freeKey();
    expect((await validate(key)).res.status).toBe(200);
    await redis.client().call('CLIENT', 'PAUSE', '3000', 'WRITE');
    const paused = await validate(key);
    report('Redis CLIENT PAUSE 3000 WRITE', paused);
    await expectUnavailable(paused, 'redis');
    console.log(`[outage] Redis pause over: 200 after ${await recovers(() => validate(key))} ms`);
  });

  it('a Redis restart (every key lost) mid-hour: Free accounts that used 60 calls each get exactly 40 more, not 100', async () => {
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < 60_000) await new Promise((r) => setTimeout(r, left + 100)); // not across the turn of an hour
    const keys = await Promise.all(Array.from({ length: 10 }, () => freeKey()));
    /** Per account (one after another), `calls` concurrent calls spread over both instances. */
    const bursts = async (calls: number) => {
      const results: Array<{ ok: number; limited: number }> = [];
      for (const key of keys) {
        const statuses = await Promise.all(
          Array.from({ length: calls }, async (_, i) => {
            const { res } = await validate(key, apps[i % 2]);
            await res.arrayBuffer();
            return res.status;
          }),
        );
        results.push({ ok: statuses.filter((x) => x === 200).length, limited: statuses.filter((x) => x === 429).length });
      }
      return results;
    };
    expect(await bursts(60)).toStrictEqual(keys.map(() => ({ ok: 60, limited: 0 })));
    // At once: both instances still hold counts they have not written to UsageHour.
    const started = Date.now();
    await redis.restart();
    const back = await recovers(() => validate(keys[0]!, apps[1]));
    console.log(`[outage] Redis restart: 200 again ${Date.now() - started} ms after the kill (${back} ms after it was back)`);
    // keys[0] has made one call more (the one that found Redis back).
    expect(await bursts(60)).toStrictEqual(keys.map((_, i) => (i === 0 ? { ok: 39, limited: 21 } : { ok: 40, limited: 20 })));
  });
});

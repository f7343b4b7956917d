// The Redis quota store when Redis loses its windows (a restart of a Redis without persistence):
// the hour goes on from UsageHour and the counts not yet written, exactly, with two instances
// seeding at once, and whatever this process had not written yet (a write under way or failed).
// A Redis of the test's own, killed and started again; the machine's PostgreSQL (a fresh database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, hourStart } from '@/lib/accounts/quota/interface';
import { RedisQuotaStore } from '@/lib/accounts/quota/redis';
import { IORedisConnection } from '@/lib/accounts/redis';
import { createUser } from '@/lib/accounts/users';
import type { Db } from '@/lib/db/client';
import { GOOD_PASSWORD, migratedPostgresDatabase, type TemporaryDatabase, uniqueEmail } from '../helpers/fixtures';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { servicesAvailable } from './services';

const available = await servicesAvailable();

describe.runIf(available)('Redis quota windows lost by a restart', () => {
  let database: TemporaryDatabase;
  let db: Db;
  let redis: OwnRedis;
  const connections: IORedisConnection[] = [];

  beforeAll(async () => {
    database = await migratedPostgresDatabase(4, { timeoutMs: 2_000 });
    db = database.db;
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
    await database?.stop();
  });

  /** A server instance's store: its own Redis connection, the given database client. */
  function instance(client: Db = db): RedisQuotaStore {
    const connection = new IORedisConnection(redis.url, 1_000);
    connections.push(connection);
    return new RedisQuotaStore(client, connection);
  }

  const freeAccount = async () => (await createUser(db, uniqueEmail('seed'), GOOD_PASSWORD)).id;

  /** `calls` concurrent calls spread over the stores; how many were allowed, and every `remaining` seen. */
  async function burst(stores: RedisQuotaStore[], userId: string, calls: number) {
    const decisions = await Promise.all(Array.from({ length: calls }, (_, i) => stores[i % stores.length]!.consume(userId, 'free')));
    return { allowed: decisions.filter((d) => d.allowed).length, remaining: decisions.map((d) => d.remaining) };
  }

  async function stored(userId: string): Promise<number> {
    const row = await db.usageHour.findUnique({ where: { userId_hourStart: { userId, hourStart: hourStart() } } });
    return row?.count ?? 0;
  }

  /** Not across the turn of an hour: the windows would split. */
  async function awayFromHourEdge(): Promise<void> {
    const left = HOUR_MS - (Date.now() % HOUR_MS);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
  }

  it('two instances, Redis restarted mid-hour with counts not yet written: the hour goes on, exactly', async () => {
    await awayFromHourEdge();
    const stores = [instance(), instance()];
    const userId = await freeAccount();
    expect((await burst(stores, userId, 60)).allowed).toBe(60);
    // Within the 2 s in which both instances still hold their counts.
    await redis.restart();
    const after = await burst(stores, userId, 60);
    expect(after.allowed).toBe(40);
    // Each success saw its own count: 39 down to 0 once each.
    expect(after.remaining.filter((r) => r! > 0).sort((a, b) => a! - b!)).toStrictEqual(Array.from({ length: 39 }, (_, i) => i + 1));
    await Promise.all(stores.map((s) => s.flush()));
    expect(await stored(userId)).toBe(120);
  });

  it('two instances seeding the same lost window at once count it once (SET NX)', async () => {
    await awayFromHourEdge();
    const userId = await freeAccount();
    // 90 calls made before (UsageHour), by instances since gone; Redis has nothing of them.
    await db.usageHour.create({ data: { userId, hourStart: hourStart(), count: 90 } });
    const stores = [instance(), instance(), instance()];
    const result = await burst(stores, userId, 30);
    expect(result.allowed).toBe(10);
    await Promise.all(stores.map((s) => s.flush()));
    expect(await stored(userId)).toBe(120);
  });

  it("this process's counts whose write failed, or is still under way, are part of the seed", async () => {
    await awayFromHourEdge();
    let writes: 'fail' | 'slow' | 'normal' = 'normal';
    // The same client, with its writes (incrementUsage's raw upsert) failing or slowed on demand.
    const watched = new Proxy(db, {
      get(target, property) {
        if (property !== '$queryRaw') return Reflect.get(target, property, target);
        return async (...args: Parameters<Db['$queryRaw']>) => {
          if (writes === 'fail') throw new Error('write refused by the test');
          if (writes === 'slow') await new Promise((r) => setTimeout(r, 500));
          return target.$queryRaw(...args);
        };
      },
    });
    const store = instance(watched);
    const first = await freeAccount();
    const second = await freeAccount();
    expect((await burst([store], first, 30)).allowed).toBe(30);
    expect((await burst([store], second, 30)).allowed).toBe(30);
    // The connection-lost flush fails: the 60 counts stay pending, and the seed counts them.
    writes = 'fail';
    await redis.restart();
    await store.flush();
    expect([await stored(first), await stored(second)]).toStrictEqual([0, 0]);
    expect((await burst([store], first, 80)).allowed).toBe(70);
    // A slow write under way: the seed read waits for it rather than read around it.
    writes = 'slow';
    const flushing = store.flush();
    expect((await burst([store], second, 80)).allowed).toBe(70);
    await flushing;
    writes = 'normal';
    await store.flush();
    expect([await stored(first), await stored(second)]).toStrictEqual([110, 110]);
  });
});

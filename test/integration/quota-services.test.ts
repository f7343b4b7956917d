// Exact hourly quotas on the machine's PostgreSQL and Redis, with one and with two `next start`
// instances sharing them: 150 concurrent calls on a fresh Free account give exactly 100
// successes and 50 429s, wherever the calls land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/client';
import { startApp, type AppServer } from '../setup/app-server';
import { createAccountWithKey, migratedPostgresDatabase, type TemporaryDatabase } from '../helpers/fixtures';
import { expectUnavailable, timedFetch } from '../helpers/outage';
import { expectExactQuota } from '../helpers/quota-burst';
import { storedUsage } from '../helpers/stored-usage';
import { REDIS_URL, servicesAvailable } from './services';

const available = await servicesAvailable();

describe.runIf(available)('quotas on PostgreSQL and Redis', () => {
  let database: TemporaryDatabase;
  let db: Db;
  const apps: AppServer[] = [];
  const instances: Record<string, AppServer[]> = {};

  beforeAll(async () => {
    database = await migratedPostgresDatabase();
    db = database.db;
    const start = (name: string, env: Record<string, string>) => startApp({ logName: `next-${name}`, env }).then((a) => (apps.push(a), a));
    const pgOnly = { DATABASE_URL: database.url };
    const pgRedis = { DATABASE_URL: database.url, REDIS_URL };
    const [p1, p2, r1, r2] = await Promise.all([
      start('postgres-1', pgOnly),
      start('postgres-2', pgOnly),
      start('redis-1', pgRedis),
      start('redis-2', pgRedis),
    ]);
    instances.postgres = [p1!, p2!];
    instances.redis = [r1!, r2!];
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await database?.stop();
  });

  const freeKey = () => createAccountWithKey(db, { label: 'quota', keyName: 'burst' });

  it.each([
    ['PostgreSQL counters, one instance', 'postgres', 1],
    ['PostgreSQL counters, two instances', 'postgres', 2],
    ['Redis (@upstash/ratelimit), one instance', 'redis', 1],
    ['Redis (@upstash/ratelimit), two instances', 'redis', 2],
  ] as const)('%s: exactly 100 of 150 concurrent calls succeed', async (_name, kind, count) => {
    const { key, userId } = await freeKey();
    const urls = instances[kind]!.slice(0, count).map((a) => a.baseUrl);
    await expectExactQuota(urls, key, { calls: 150, limit: 100 });
    // The dashboard's usage table has all 150 calls (the Redis path writes them within seconds).
    const counts = await storedUsage(db, userId, 150, 15_000);
    expect(counts.reduce((s, c) => s + c, 0)).toBe(150);
  });

  it('Redis down: keyed calls answer 503 unavailable (not a 500, not a free pass), live still answers', async () => {
    const { key } = await freeKey();
    const app = await startApp({ logName: 'next-redis-down', env: { DATABASE_URL: database.url, REDIS_URL: 'redis://127.0.0.1:1' } });
    apps.push(app);
    for (const answer of [
      await timedFetch(`${app.baseUrl}/api/health`, { headers: { Authorization: `Bearer ${key}` } }),
      await timedFetch(`${app.baseUrl}/api/validate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{"input":"a: 1","type":"yaml"}',
      }),
    ]) {
      await expectUnavailable(answer, 'redis');
    }
    expect((await fetch(`${app.baseUrl}/api/health/live`)).status).toBe(200);
  });

  it('Redis path: a revoked key is refused at once on every instance', async () => {
    const { key } = await freeKey();
    const [a, b] = instances.redis!;
    const call = (base: string) => fetch(`${base}/api/health`, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect([await call(a!.baseUrl), await call(b!.baseUrl)]).toStrictEqual([200, 200]);
    await db.apiKey.updateMany({ where: { prefix: key.slice(0, 11) }, data: { revokedAt: new Date() } });
    expect([await call(a!.baseUrl), await call(b!.baseUrl)]).toStrictEqual([401, 401]);
  });
});

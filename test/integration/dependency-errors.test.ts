// The failures of a real PostgreSQL and a real Redis that must become 503 `unavailable` (and only
// those): each produced for real here, through the app's own clients with their deadlines, and
// each answered within the deadline instead of waiting for the dependency.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IORedisConnection } from '@/lib/accounts/redis';
import { createUser } from '@/lib/accounts/users';
import { createDb, type Db } from '@/lib/db/client';
import { unavailableDependency } from '@/lib/dependencies';
import { startFaultyProxy, type FaultyProxy } from '../helpers/faulty-proxy';
import { GOOD_PASSWORD, migratedPostgresDatabase, type TemporaryDatabase, uniqueEmail } from '../helpers/fixtures';
import { startOwnRedis, type OwnRedis } from '../helpers/redis-server';
import { servicesAvailable } from './services';

const available = await servicesAvailable();
const TIMEOUT_MS = 500;
/** A hang fails the test instead of passing it late. */
const SAFETY_MS = 10_000;

/** The error `run` fails with, and how long that took. */
async function failure(run: () => Promise<unknown>): Promise<{ err: unknown; ms: number }> {
  const started = Date.now();
  const hang = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${SAFETY_MS} ms`)), SAFETY_MS).unref());
  try {
    await Promise.race([run(), hang]);
  } catch (err) {
    return { err, ms: Date.now() - started };
  }
  throw new Error('expected a failure, but it succeeded');
}

describe.runIf(available)('PostgreSQL failures through the app client (deadline 500 ms)', () => {
  let database: TemporaryDatabase;
  let admin: pg.Client;
  let db: Db;
  const proxies: FaultyProxy[] = [];
  const clients: Db[] = [];
  const client = (url: string) => {
    const c = createDb(url, 2, { timeoutMs: TIMEOUT_MS });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    // Migrated by a client without the deadline, as `npm run db:migrate` does.
    database = await migratedPostgresDatabase(1);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    db = client(database.url);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
    await Promise.all(proxies.map((p) => p.close()));
    await admin?.end();
    await database?.stop();
  });

  async function held<T>(sql: string, run: () => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(sql);
    try {
      return await run();
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  }

  it('a table lock held by another session: lock_timeout (55P03), within the deadline', async () => {
    const { err, ms } = await held('LOCK TABLE "User" IN ACCESS EXCLUSIVE MODE', () => failure(() => db.user.findMany()));
    console.log(`[deadline] PostgreSQL table lock: failed after ${ms} ms (${TIMEOUT_MS} ms deadline)`);
    expect(unavailableDependency(err)).toBe('database');
  });

  it('a row lock held by another session, on a raw upsert: lock_timeout too', async () => {
    const user = await createUser(db, uniqueEmail('lock'), GOOD_PASSWORD);
    const { err } = await held(`SELECT * FROM "User" WHERE "id" = '${user.id}' FOR UPDATE`, () =>
      failure(() => db.$executeRaw`UPDATE "User" SET "plan" = 'pro' WHERE "id" = ${user.id}`),
    );
    expect(unavailableDependency(err)).toBe('database');
  });

  it('a statement that runs past the deadline: statement_timeout (57014)', async () => {
    const { err } = await failure(() => db.$queryRaw`SELECT pg_sleep(5)`);
    expect(unavailableDependency(err)).toBe('database');
  });

  it('the connection ended by the server (pg_terminate_backend: 57P01, admin shutdown)', async () => {
    // Its own deadline far away, so that the statement is ended by the termination, not by statement_timeout;
    // and the termination waits until the statement runs (not a fixed pause: a busy machine may take longer).
    const victim = createDb(database.url, 2, { timeoutMs: SAFETY_MS });
    clients.push(victim);
    await victim.$queryRaw`SELECT 1`;
    const { err } = await failure(async () => {
      // Started now (a Prisma query runs only once awaited or then-ed), watched until it fails.
      const sleeping = Promise.resolve(victim.$queryRaw`SELECT pg_sleep(30)`);
      sleeping.catch(() => {});
      let terminated = 0;
      while (terminated === 0) {
        const { rows } = await admin.query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active' AND query LIKE '%pg_sleep(30)%'`,
        );
        terminated = rows.filter((r: { done: boolean }) => r.done).length;
        if (terminated === 0) await new Promise((r) => setTimeout(r, 20));
      }
      await sleeping;
    });
    expect(unavailableDependency(err)).toBe('database');
    // And the next call gets a new connection: no restart needed.
    expect(await victim.$queryRaw`SELECT 1 AS one`).toStrictEqual([{ one: 1 }]);
  });

  it('nothing listening (connection refused)', async () => {
    const proxy = await startFaultyProxy(null, 'refuse');
    proxies.push(proxy);
    const { err } = await failure(() => client(proxy.url('postgresql', '/x')).user.findMany());
    expect(unavailableDependency(err)).toBe('database');
  });

  it('a server that accepts and never answers: the connect deadline', async () => {
    const proxy = await startFaultyProxy(null, 'blackhole');
    proxies.push(proxy);
    const { err, ms } = await failure(() => client(proxy.url('postgresql', '/x')).user.findMany());
    console.log(`[deadline] PostgreSQL black hole (new connection): failed after ${ms} ms`);
    expect(unavailableDependency(err)).toBe('database');
  });

  it('a connected server that stops answering mid-session: the client-side deadline, then the pool reconnects', async () => {
    const url = new URL(database.url);
    const proxy = await startFaultyProxy({ host: url.hostname, port: Number(url.port) || 5432 }, 'forward');
    proxies.push(proxy);
    const through = client(`postgresql://postgres@127.0.0.1:${proxy.port}${url.pathname}`);
    expect(await through.$queryRaw`SELECT 1 AS one`).toStrictEqual([{ one: 1 }]);
    await proxy.setMode('blackhole');
    const { err, ms } = await failure(() => through.$queryRaw`SELECT 1 AS one`);
    console.log(`[deadline] PostgreSQL silent mid-session: failed after ${ms} ms`);
    expect(unavailableDependency(err)).toBe('database');
    await proxy.setMode('refuse');
    expect(unavailableDependency((await failure(() => through.$queryRaw`SELECT 1`)).err)).toBe('database');
    await proxy.setMode('forward');
    expect(await through.$queryRaw`SELECT 1 AS one`).toStrictEqual([{ one: 1 }]);
  });

  it("errors that are not an outage stay what they are (a 500 or the handler's own answer)", async () => {
    await createUser(db, 'twice@example.test', GOOD_PASSWORD);
    const duplicate = await failure(() => db.user.create({ data: { id: 'usr_x', email: 'twice@example.test', passwordHash: 'x' } }));
    const syntax = await failure(() => db.$queryRawUnsafe('SELEC 1'));
    const missing = await failure(() => db.$queryRawUnsafe('SELECT * FROM "NoSuchTable"'));
    for (const { err } of [duplicate, syntax, missing]) expect(unavailableDependency(err)).toBeNull();
    expect(unavailableDependency(new Error('Connection terminated'))).toBeNull(); // not from the database client
  });
});

describe.runIf(available)('Redis failures through the app connection (deadline 500 ms)', () => {
  let redis: OwnRedis;
  const connections: IORedisConnection[] = [];
  const proxies: FaultyProxy[] = [];
  const connect = (url: string) => {
    const c = new IORedisConnection(url, TIMEOUT_MS);
    connections.push(c);
    return c;
  };

  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await Promise.all(proxies.map((p) => p.close()));
    await redis?.stop();
  });

  /** Pings until one answers (the connection came back by itself). */
  async function recovers(connection: IORedisConnection): Promise<number> {
    const started = Date.now();
    for (;;) {
      try {
        await connection.ping();
        return Date.now() - started;
      } catch (err) {
        expect(unavailableDependency(err)).toBe('redis');
        if (Date.now() - started > SAFETY_MS) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  it('a server that accepts and never answers, from the start and once connected; recovers when it answers again', async () => {
    const proxy = await startFaultyProxy({ host: '127.0.0.1', port: redis.port }, 'blackhole');
    proxies.push(proxy);
    const connection = connect(proxy.url('redis'));
    const first = await failure(() => connection.ping());
    console.log(`[deadline] Redis black hole (handshake): failed after ${first.ms} ms`);
    expect(unavailableDependency(first.err)).toBe('redis');
    await proxy.setMode('forward');
    console.log(`[deadline] Redis black hole -> answering: back after ${await recovers(connection)} ms`);
    await proxy.setMode('blackhole');
    const silent = await failure(() => connection.eval('return 1', [], []));
    console.log(`[deadline] Redis silent mid-session: failed after ${silent.ms} ms`);
    expect(unavailableDependency(silent.err)).toBe('redis');
    await proxy.setMode('forward');
    await recovers(connection);
    expect(await connection.eval('return 7', [], [])).toBe(7);
  });

  it('CLIENT PAUSE: fails within the deadline while paused, answers after', async () => {
    const connection = connect(redis.url);
    await connection.ping();
    await redis.client().call('CLIENT', 'PAUSE', '1500', 'WRITE');
    const paused = await failure(() => connection.eval("return redis.call('INCR', KEYS[1])", ['paused'], []));
    console.log(`[deadline] Redis CLIENT PAUSE: failed after ${paused.ms} ms`);
    expect(unavailableDependency(paused.err)).toBe('redis');
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await connection.eval("return redis.call('INCR', KEYS[1])", ['paused'], [])).toBeGreaterThanOrEqual(1);
  });

  it('a restart: calls fail fast while it is down, and the same connection answers once it is back', async () => {
    const connection = connect(redis.url);
    await connection.ping();
    const before = connection.connection();
    await redis.kill();
    const down = await failure(() => connection.ping());
    console.log(`[deadline] Redis down: failed after ${down.ms} ms`);
    expect(unavailableDependency(down.err)).toBe('redis');
    await redis.start();
    console.log(`[deadline] Redis restarted: back after ${await recovers(connection)} ms`);
    // A new connection: the quota store re-seeds every window on it.
    expect(connection.connection()).not.toBe(before);
  });

  it('a Redis error reply is not an outage (a script error stays a 500)', async () => {
    const connection = connect(redis.url);
    const { err } = await failure(() => connection.eval("return redis.call('NOSUCHCOMMAND')", [], []));
    expect(unavailableDependency(err)).toBeNull();
  });
});

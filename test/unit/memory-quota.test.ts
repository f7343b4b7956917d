// The embedded mode's quota store, on a real PGlite served over the socket: the same decisions as
// the database store without a database call per request, and UsageHour ends up with every call
// exactly once (after failed writes, concurrent flushes and the turn of an hour too).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '@/lib/accounts/users';
import { HOUR_MS, hourStart } from '@/lib/accounts/quota/interface';
import { MemoryQuotaStore } from '@/lib/accounts/quota/memory';
import type { Db } from '@/lib/db/client';
import type { Logger } from '@/lib/observability/logger';
import { GOOD_PASSWORD, migratedEmbeddedDatabase, type TemporaryDatabase, uniqueEmail } from '../helpers/fixtures';

let database: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  database = await migratedEmbeddedDatabase('quota', 4);
  db = database.db;
});
afterAll(() => database?.stop());

const freeAccount = async () => (await createUser(db, uniqueEmail('quota'), GOOD_PASSWORD)).id;

async function stored(userId: string, hour = hourStart()): Promise<number | null> {
  const row = await db.usageHour.findUnique({ where: { userId_hourStart: { userId, hourStart: hour } } });
  return row?.count ?? null;
}

/** The client, with its calls on UsageHour counted and, when asked, slowed down or the next read or write failing. */
function watchedDb() {
  const calls = { reads: 0, writes: 0 };
  const delay = { reads: 0, writes: 0 };
  let failNextRead = false;
  let failNextWrite = false;
  const slow =
    <A extends unknown[], R>(ms: () => number, f: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await new Promise((r) => setTimeout(r, ms()));
      return f(...args);
    };
  const usageHour = new Proxy(db.usageHour, {
    get(target, prop) {
      if (prop === 'findUnique') {
        calls.reads++;
        if (failNextRead) {
          failNextRead = false;
          return () => Promise.reject(new Error('connection lost'));
        }
        return slow(() => delay.reads, target.findUnique.bind(target));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const watched = new Proxy(db, {
    get(target, prop) {
      if (prop === 'usageHour') return usageHour;
      if (prop === '$queryRaw') {
        calls.writes++;
        if (failNextWrite) {
          failNextWrite = false;
          return () => Promise.reject(new Error('connection lost'));
        }
        return slow(() => delay.writes, target.$queryRaw.bind(target));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: watched, calls, delay, failNextRead: () => (failNextRead = true), failNextWrite: () => (failNextWrite = true) };
}

describe('MemoryQuotaStore', () => {
  it('150 concurrent calls on a Free account: exactly 100 allowed, remaining 99..0 once each, one read, 150 stored', async () => {
    const userId = await freeAccount();
    const w = watchedDb();
    const store = new MemoryQuotaStore(w.db);
    const decisions = await Promise.all(Array.from({ length: 150 }, () => store.consume(userId, 'free')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    const remaining = decisions.filter((d) => d.allowed).map((d) => d.remaining);
    expect(remaining.sort((a, b) => b! - a!)).toStrictEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    // In arrival order, as the database store would answer them one after another.
    expect(decisions.map((d) => d.allowed)).toStrictEqual(Array.from({ length: 150 }, (_, i) => i < 100));
    expect(decisions.every((d) => d.limit === 100 && d.resetSeconds === (hourStart().getTime() + HOUR_MS) / 1000)).toBe(true);
    expect(w.calls).toStrictEqual({ reads: 1, writes: 0 });
    await store.flush();
    expect(w.calls.writes).toBe(1);
    expect(await stored(userId)).toBe(150);
    await store.flush();
    expect(await stored(userId)).toBe(150);
  });

  it('continues from the count already stored for this hour: 100 stored, the first call is refused', async () => {
    const userId = await freeAccount();
    await db.usageHour.create({ data: { userId, hourStart: hourStart(), count: 100 } });
    const store = new MemoryQuotaStore(db);
    expect(await store.consume(userId, 'free')).toMatchObject({ allowed: false, limit: 100, remaining: 0 });
    // A plan change mid-hour keeps the count.
    expect(await store.consume(userId, 'pro')).toMatchObject({ allowed: true, limit: 10_000, remaining: 10_000 - 102 });
    expect(await store.consume(userId, 'enterprise')).toMatchObject({ allowed: true, limit: null, remaining: null });
    await store.flush();
    expect(await stored(userId)).toBe(103);
  });

  it('a failed write keeps the counts: the next flush stores them exactly once', async () => {
    const userId = await freeAccount();
    const w = watchedDb();
    const error = vi.fn();
    const store = new MemoryQuotaStore(w.db, Date.now, { error } as unknown as Logger);
    for (let i = 0; i < 3; i++) await store.consume(userId, 'free');
    w.failNextWrite();
    await store.flush();
    expect(error).toHaveBeenCalledTimes(1);
    expect(await stored(userId)).toBeNull();
    expect((await store.consume(userId, 'free')).remaining).toBe(96);
    await store.flush();
    expect(await stored(userId)).toBe(4);
    await store.flush();
    expect(await stored(userId)).toBe(4);
  });

  it('flush() resolves after writes already under way; flushes at once write nothing twice; unflushed calls are written by the scheduled flush, unasked', async () => {
    const userId = await freeAccount();
    const w = watchedDb();
    const store = new MemoryQuotaStore(w.db);
    for (let i = 0; i < 5; i++) await store.consume(userId, 'free');
    w.delay.writes = 200;
    const first = store.flush();
    await store.flush(); // as the dashboard does before reading UsageHour
    expect(await stored(userId)).toBe(5);
    await first;
    for (let i = 0; i < 2; i++) await store.consume(userId, 'free');
    await Promise.all([store.flush(), store.flush(), store.flush()]);
    expect(await stored(userId)).toBe(7);

    await store.consume(userId, 'free');
    // Polled until the scheduled write (every MEMORY_FLUSH_MS); the 30 s limit is a safety net for a busy machine.
    const deadline = Date.now() + 30_000;
    while ((await stored(userId)) !== 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await stored(userId)).toBe(8);
  });

  it('calls that arrive while this hour’s stored count is being read wait for it, and are not written before it is read', async () => {
    const userId = await freeAccount();
    await db.usageHour.create({ data: { userId, hourStart: hourStart(), count: 10 } });
    const w = watchedDb();
    const store = new MemoryQuotaStore(w.db);
    w.delay.reads = 200;
    const calls = Array.from({ length: 3 }, () => store.consume(userId, 'free'));
    await store.flush();
    expect((await Promise.all(calls)).map((d) => d.remaining)).toStrictEqual([89, 88, 87]);
    expect(w.calls.reads).toBe(1);
    await store.flush();
    expect(await stored(userId)).toBe(13);
  });

  it('a failed read of the stored count fails the calls waiting on it (uncounted); the next call reads again', async () => {
    const userId = await freeAccount();
    await db.usageHour.create({ data: { userId, hourStart: hourStart(), count: 10 } });
    const w = watchedDb();
    const store = new MemoryQuotaStore(w.db);
    w.failNextRead();
    const failed = await Promise.allSettled([store.consume(userId, 'free'), store.consume(userId, 'free')]);
    expect(failed.map((r) => r.status)).toStrictEqual(['rejected', 'rejected']);
    expect(await store.consume(userId, 'free')).toMatchObject({ allowed: true, remaining: 89 });
    expect(w.calls.reads).toBe(2);
    await store.flush();
    expect(await stored(userId)).toBe(11);
  });

  it('a new hour starts a new count; the past hour is stored and then forgotten', async () => {
    const userId = await freeAccount();
    const hour = hourStart().getTime() - 5 * HOUR_MS;
    let clock = hour + HOUR_MS - 1_000;
    const store = new MemoryQuotaStore(db, () => clock);
    await store.consume(userId, 'free');
    expect(await store.consume(userId, 'free')).toMatchObject({ remaining: 98, resetSeconds: (hour + HOUR_MS) / 1000 });
    clock = hour + HOUR_MS; // the next hour, before any flush
    expect(await store.consume(userId, 'free')).toMatchObject({ allowed: true, remaining: 99, resetSeconds: (hour + 2 * HOUR_MS) / 1000 });
    expect(store['counts'].size).toBe(2);
    await store.flush();
    expect(await stored(userId, new Date(hour))).toBe(2);
    expect(await stored(userId, new Date(hour + HOUR_MS))).toBe(1);
    expect([...store['counts'].keys()]).toStrictEqual([`${userId} ${hour + HOUR_MS}`]);
    expect(await store.consume(userId, 'free')).toMatchObject({ remaining: 98 });
    await store.flush();
    expect(await stored(userId, new Date(hour + HOUR_MS))).toBe(2);
  });
});

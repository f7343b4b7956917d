// Per-key usage and the request log, on the embedded PGlite and on the machine's PostgreSQL:
// calls are counted in memory (no statement per call), written in a few statements per flush, added up
// across instances, trimmed to 1,000 rows and 7 days per account, dropped (not retried) when their account
// or key is gone, and kept when a write fails. Also key expiry (the query and the key cache) and deleting keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiKey, createApiKey, deleteApiKey, type KeyOwner, revokeApiKey } from '@/lib/accounts/api-keys';
import { KeyCache } from '@/lib/accounts/key-cache';
import { type CallRecord, REQUEST_LOG_MAX_ENTRIES } from '@/lib/accounts/key-usage/interface';
import { KeyUsageRecorder } from '@/lib/accounts/key-usage/recorder';
import { keyUsageCsv, keyUsageReport, readRequestLog } from '@/lib/accounts/key-usage/report';
import { HOUR_MS } from '@/lib/accounts/quota/interface';
import type { Db } from '@/lib/db/client';
import {
  type AccountWithKey,
  createAccountWithKey,
  migratedEmbeddedDatabase,
  migratedPostgresDatabase,
  type TemporaryDatabase,
} from '../helpers/fixtures';
import { type AppServer, startApp } from '../setup/app-server';
import { servicesAvailable } from './services';

const DAY_MS = 24 * HOUR_MS;

/** The client with its statements counted ($executeRaw: every write of the recorder), and the next ones failing when asked. */
function countedDb(db: Db) {
  const counts = { statements: 0, failNext: 0 };
  const watched = new Proxy(db, {
    get(target, prop) {
      if (prop === '$executeRaw') {
        return (...args: unknown[]) => {
          counts.statements++;
          if (counts.failNext > 0) {
            counts.failNext--;
            return Promise.reject(new Error('connection lost'));
          }
          return (target.$executeRaw as (...a: unknown[]) => Promise<number>)(...args);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: watched as Db, counts };
}

let serial = 0;
function call(account: AccountWithKey, endpoint: string, at = Date.now(), extra: Partial<CallRecord> = {}): CallRecord {
  return {
    at,
    userId: account.userId,
    keyId: account.keyId,
    keyPrefix: account.key.slice(0, 11),
    method: 'POST',
    endpoint,
    status: 200,
    errorCode: null,
    inputBytes: 10,
    outputBytes: 20,
    durationMs: 1,
    requestId: `req_test${String(serial++).padStart(16, '0')}`,
    ...extra,
  };
}

async function usageCounts(db: Db, keyId: string): Promise<Record<string, number>> {
  const rows = await db.keyUsageHour.findMany({ where: { keyId } });
  const out: Record<string, number> = {};
  for (const r of rows) out[`${r.hourStart.toISOString()} ${r.endpoint}`] = r.count;
  return out;
}

function suite(name: string, open: () => Promise<TemporaryDatabase>, enabled: boolean) {
  describe.runIf(enabled)(`per-key usage and the request log on ${name}`, () => {
    let database: TemporaryDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await open();
      db = database.db;
    });
    afterAll(() => database?.stop());

    const account = () => createAccountWithKey(db, { label: 'usage' });

    it('counts N calls without a statement per call, then writes exact per-key and per-endpoint counts in a few statements', async () => {
      const a = await account();
      const b = await account();
      const watched = countedDb(db);
      const recorder = new KeyUsageRecorder(watched.db);
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      for (let i = 0; i < 300; i++) recorder.record(call(a, i % 3 === 0 ? '/api/validate' : '/api/convert', hour + 1000));
      for (let i = 0; i < 50; i++) recorder.record(call(b, '/api/format', hour + 2000));
      for (let i = 0; i < 7; i++) recorder.record(call(a, '/api/convert', hour - HOUR_MS + 5));
      expect(watched.counts.statements).toBe(0);
      await recorder.flush();
      // One upsert of usage, one insert of log rows, one trim, and the first flush's sweep of old rows (two tables).
      expect(watched.counts.statements).toBe(5);
      const h = new Date(hour).toISOString();
      const before = new Date(hour - HOUR_MS).toISOString();
      expect(await usageCounts(db, a.keyId)).toStrictEqual({
        [`${h} /api/convert`]: 200,
        [`${h} /api/validate`]: 100,
        [`${before} /api/convert`]: 7,
      });
      expect(await usageCounts(db, b.keyId)).toStrictEqual({ [`${h} /api/format`]: 50 });
      expect(await db.requestLogEntry.count({ where: { userId: a.userId } })).toBe(307);
      // A second round adds to the same rows, without a sweep this time.
      for (let i = 0; i < 10; i++) recorder.record(call(a, '/api/convert', hour + 3000));
      await recorder.flush();
      expect(watched.counts.statements).toBe(8);
      expect((await usageCounts(db, a.keyId))[`${h} /api/convert`]).toBe(210);
      expect(recorder.pending).toStrictEqual({ cells: 0, logRows: 0 });
    });

    it('adds up what several instances (recorders) write for the same key and hour', async () => {
      const a = await account();
      const recorders = [new KeyUsageRecorder(db), new KeyUsageRecorder(db), new KeyUsageRecorder(db)];
      for (const [i, r] of recorders.entries()) for (let n = 0; n < 40 + i; n++) r.record(call(a, '/api/convert'));
      await Promise.all(recorders.map((r) => r.flush()));
      const counts = Object.values(await usageCounts(db, a.keyId));
      expect(counts.reduce((s, c) => s + c, 0)).toBe(123);
    });

    it('keeps a failed batch and writes it with the next flush: nothing lost, nothing twice', async () => {
      const a = await account();
      const watched = countedDb(db);
      const recorder = new KeyUsageRecorder(watched.db);
      for (let i = 0; i < 25; i++) recorder.record(call(a, '/api/convert'));
      watched.counts.failNext = 2; // the usage upsert and the log insert
      await recorder.flush();
      expect(await usageCounts(db, a.keyId)).toStrictEqual({});
      expect(recorder.pending).toStrictEqual({ cells: 1, logRows: 25 });
      for (let i = 0; i < 5; i++) recorder.record(call(a, '/api/convert'));
      await recorder.flush();
      expect(Object.values(await usageCounts(db, a.keyId))).toStrictEqual([30]);
      expect(await db.requestLogEntry.count({ where: { userId: a.userId } })).toBe(30);
      expect(recorder.pending).toStrictEqual({ cells: 0, logRows: 0 });
    });

    it("drops, without retrying, the rows of an account deleted meanwhile (a cascading DELETE), and a deleted key's usage", async () => {
      const gone = await account();
      const keyGone = await account();
      const kept = await account();
      const watched = countedDb(db);
      const recorder = new KeyUsageRecorder(watched.db);
      for (let i = 0; i < 5; i++) {
        recorder.record(call(gone, '/api/convert'));
        recorder.record(call(keyGone, '/api/convert'));
        recorder.record(call(kept, '/api/convert'));
      }
      await db.user.delete({ where: { id: gone.userId } });
      await revokeApiKey(db, keyGone.userId, keyGone.keyId);
      await deleteApiKey(db, keyGone.userId, keyGone.keyId);
      await recorder.flush();
      expect(recorder.pending).toStrictEqual({ cells: 0, logRows: 0 });
      const statements = watched.counts.statements;
      await recorder.flush();
      expect(watched.counts.statements - statements).toBe(0); // nothing left to retry
      expect(await db.requestLogEntry.count({ where: { userId: gone.userId } })).toBe(0);
      expect(await db.keyUsageHour.count({ where: { keyId: keyGone.keyId } })).toBe(0);
      // The deleted key's calls stay in its account's request log, under its prefix.
      expect(await db.requestLogEntry.count({ where: { userId: keyGone.userId, keyId: keyGone.keyId } })).toBe(5);
      expect(Object.values(await usageCounts(db, kept.keyId))).toStrictEqual([5]);
    });

    it('keeps the newest 1,000 requests of an account, within 7 days, and finds one by its request id', async () => {
      const a = await account();
      const other = await account();
      const now = Date.now();
      // Rows of 8 days ago (another process wrote them then) go with the next trim of the account.
      await db.requestLogEntry.createMany({
        data: Array.from({ length: 3 }, (_, i) => ({ ...call(a, '/api/convert'), at: new Date(now - 8 * DAY_MS + i) })),
      });
      const recorder = new KeyUsageRecorder(db);
      const calls = Array.from({ length: 1_150 }, (_, i) => call(a, '/api/convert', now - 1_150 + i));
      for (const c of calls.slice(0, 600)) recorder.record(c);
      await recorder.flush();
      for (const c of calls.slice(600)) recorder.record(c);
      recorder.record(call(other, '/api/validate', now));
      await recorder.flush();
      const rows = await db.requestLogEntry.findMany({ where: { userId: a.userId }, orderBy: [{ at: 'desc' }, { id: 'desc' }] });
      expect(rows).toHaveLength(REQUEST_LOG_MAX_ENTRIES);
      expect(rows.map((r) => r.requestId)).toStrictEqual(
        calls
          .slice(-REQUEST_LOG_MAX_ENTRIES)
          .map((c) => c.requestId)
          .reverse(),
      );
      expect(await db.requestLogEntry.count({ where: { userId: other.userId } })).toBe(1);

      const newest = calls[calls.length - 1]!;
      const found = await readRequestLog(db, a.userId, { requestId: newest.requestId });
      expect(found).toStrictEqual([
        {
          at: new Date(newest.at).toISOString(),
          keyId: a.keyId,
          keyPrefix: newest.keyPrefix,
          method: 'POST',
          endpoint: '/api/convert',
          status: 200,
          errorCode: null,
          inputBytes: 10,
          outputBytes: 20,
          durationMs: 1,
          requestId: newest.requestId,
        },
      ]);
      // Another account's request id is not found, nor one trimmed away.
      expect(await readRequestLog(db, other.userId, { requestId: newest.requestId })).toStrictEqual([]);
      expect(await readRequestLog(db, a.userId, { requestId: calls[0]!.requestId })).toStrictEqual([]);
      expect((await readRequestLog(db, a.userId)).length).toBe(100);
      await expect(readRequestLog(db, a.userId, { requestId: "req_' OR 1=1" })).rejects.toMatchObject({ code: 'bad_request' });
    });

    it("reports a key's 30 days per hour and endpoint (JSON and CSV); another account's key is not found", async () => {
      const a = await account();
      const b = await account();
      const recorder = new KeyUsageRecorder(db);
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
      for (let i = 0; i < 4; i++) recorder.record(call(a, '/api/convert', hour));
      recorder.record(call(a, '/api/validate', hour - 2 * HOUR_MS));
      recorder.record(call(a, '/api/convert', hour - 31 * DAY_MS)); // older than the 30 days shown
      await recorder.flush();
      const report = await keyUsageReport(db, a.userId, a.keyId);
      expect(report.hours).toStrictEqual([
        { hourStart: new Date(hour - 2 * HOUR_MS).toISOString(), endpoint: '/api/validate', count: 1 },
        { hourStart: new Date(hour).toISOString(), endpoint: '/api/convert', count: 4 },
      ]);
      expect(report.endpoints).toStrictEqual([
        { endpoint: '/api/convert', count: 4 },
        { endpoint: '/api/validate', count: 1 },
      ]);
      expect(report.total).toBe(5);
      const prefix = report.prefix;
      expect(keyUsageCsv(report)).toBe(
        `hour_start_utc,key_id,key_prefix,endpoint,calls\r\n${new Date(hour - 2 * HOUR_MS).toISOString()},${a.keyId},${prefix},/api/validate,1\r\n` +
          `${new Date(hour).toISOString()},${a.keyId},${prefix},/api/convert,4\r\n`,
      );
      await expect(keyUsageReport(db, b.userId, a.keyId)).rejects.toMatchObject({ code: 'not_found' });
      await expect(keyUsageReport(db, a.userId, 'key_nope')).rejects.toMatchObject({ code: 'bad_request' });
    });

    it('refuses an expired key, in the query and from the key cache', async () => {
      const a = await account();
      const { secret, key } = await createApiKey(db, a.userId, 'short-lived', new Date(Date.now() + 60_000));
      expect(key.expiresAt).toEqual(expect.any(String));
      const owner = await authenticateApiKey(db, secret);
      expect(owner).toMatchObject({ keyId: key.id, userId: a.userId, expiresAtMs: new Date(key.expiresAt!).getTime() });
      // The query: past its expiry, the key has no owner.
      expect(await authenticateApiKey(db, secret, Date.now() + 61_000)).toBeNull();
      // The cache: the owner it keeps is refused once the expiry passes, without a new lookup.
      let clock = Date.now();
      let lookups = 0;
      const cache = new KeyCache(
        async (s) => {
          lookups++;
          return authenticateApiKey(db, s, clock);
        },
        {},
        () => clock,
      );
      expect(await cache.get(secret)).toMatchObject({ keyId: key.id } satisfies Partial<KeyOwner>);
      expect(await cache.get(secret)).toMatchObject({ keyId: key.id });
      expect(lookups).toBe(1);
      clock += 61_000;
      expect(await cache.get(secret)).toBeNull();
      expect(await cache.get(secret)).toBeNull();
      expect(cache.size).toBe(0);
    });

    it('refuses an expiry in the past or more than 2 years ahead', async () => {
      const a = await account();
      await expect(createApiKey(db, a.userId, 'late', new Date(Date.now() - 1))).rejects.toMatchObject({
        code: 'bad_request',
        message: '"expiresAt" must be in the future.',
      });
      await expect(createApiKey(db, a.userId, 'far', new Date(Date.now() + 731 * DAY_MS))).rejects.toMatchObject({
        code: 'bad_request',
        message: '"expiresAt" may be at most 2 years (730 days) ahead.',
      });
      expect(await db.apiKey.count({ where: { userId: a.userId } })).toBe(1);
    });

    it('deletes revoked and expired keys (their usage goes with them), and refuses to delete an active one', async () => {
      const a = await account();
      const recorder = new KeyUsageRecorder(db);
      recorder.record(call(a, '/api/convert'));
      await recorder.flush();
      await expect(deleteApiKey(db, a.userId, a.keyId)).rejects.toMatchObject({ code: 'key_active' });
      await revokeApiKey(db, a.userId, a.keyId);
      expect(await deleteApiKey(db, a.userId, a.keyId)).toStrictEqual({ deleted: a.keyId });
      expect(await db.apiKey.count({ where: { id: a.keyId } })).toBe(0);
      expect(await db.keyUsageHour.count({ where: { keyId: a.keyId } })).toBe(0);
      const { key } = await createApiKey(db, a.userId, 'expires', new Date(Date.now() + 60_000));
      await expect(deleteApiKey(db, a.userId, key.id)).rejects.toMatchObject({ code: 'key_active' });
      expect(await deleteApiKey(db, a.userId, key.id, Date.now() + 61_000)).toStrictEqual({ deleted: key.id });
      // Another account's key: not found.
      const b = await account();
      await revokeApiKey(db, b.userId, b.keyId);
      await expect(deleteApiKey(db, a.userId, b.keyId)).rejects.toMatchObject({ code: 'not_found' });
    });
  });
}

suite('the embedded PGlite', () => migratedEmbeddedDatabase('key-usage', 4), true);
suite('PostgreSQL', () => migratedPostgresDatabase(4), await servicesAvailable());

// Two app instances on one PostgreSQL (DATABASE_URL), each buffering its own calls: the key's usage read through
// either is the sum, with the account's Bearer key as a script sends it; another account's key id is 404.
describe.runIf(await servicesAvailable())('GET /api/dashboard/usage?keyId= on PostgreSQL with two instances', () => {
  let database: TemporaryDatabase;
  const apps: AppServer[] = [];
  beforeAll(async () => {
    database = await migratedPostgresDatabase(2);
    const env = { DATABASE_URL: database.url };
    apps.push(...(await Promise.all([startApp({ logName: 'next-key-usage-1', env }), startApp({ logName: 'next-key-usage-2', env })])));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await database?.stop();
  });

  const post = (app: AppServer, key: string, path: string, body: unknown) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('adds up both instances, answers JSON and CSV, and 404 for another account', async () => {
    const a = await createAccountWithKey(database.db, { label: 'pg-usage', plan: 'pro' });
    const b = await createAccountWithKey(database.db, { label: 'pg-usage-other' });
    const calls = [
      ...Array.from({ length: 7 }, (_, i) => post(apps[i % 2]!, a.key, '/api/convert', { input: 'a: 1', inputType: 'yaml', outputType: 'json' })),
      ...Array.from({ length: 4 }, (_, i) => post(apps[i % 2]!, a.key, '/api/validate', { input: 'a: 1', type: 'yaml' })),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toStrictEqual(Array(11).fill(200));
    // Each instance writes its own buffer within about a second; the reading instance flushes its own first.
    await Promise.all(
      apps.map((app) => fetch(`${app.baseUrl}/api/dashboard/usage?keyId=${a.keyId}`, { headers: { Authorization: `Bearer ${a.key}` } })),
    );
    let report: { endpoints: Array<{ endpoint: string; count: number }> } | undefined;
    for (let tries = 0; tries < 50; tries++) {
      const res = await fetch(`${apps[0]!.baseUrl}/api/dashboard/usage?keyId=${a.keyId}`, { headers: { Authorization: `Bearer ${a.key}` } });
      expect(res.status).toBe(200);
      report = await res.json();
      if (report!.endpoints.find((e) => e.endpoint === '/api/convert')?.count === 7) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(report!.endpoints.filter((e) => e.endpoint !== '/api/dashboard/usage')).toStrictEqual([
      { endpoint: '/api/convert', count: 7 },
      { endpoint: '/api/validate', count: 4 },
    ]);
    const csv = await fetch(`${apps[1]!.baseUrl}/api/dashboard/usage?keyId=${a.keyId}&format=csv`, { headers: { Authorization: `Bearer ${a.key}` } });
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="yamljson-usage-yj_[0-9A-Za-z]{8}\.csv"$/);
    expect((await csv.text()).split('\r\n')[0]).toBe('hour_start_utc,key_id,key_prefix,endpoint,calls');
    const other = await fetch(`${apps[1]!.baseUrl}/api/dashboard/usage?keyId=${a.keyId}`, { headers: { Authorization: `Bearer ${b.key}` } });
    expect(other.status).toBe(404);
    expect((await other.json()).error.code).toBe('not_found');
  });
});

// Per-key usage (calls per key, UTC hour and endpoint; 30 days) and the request log (the account's last 1,000
// keyed requests of 7 days), recorded where a request ends (lib/api/with-api.ts) without a database write
// per call: each process keeps them in memory and writes them in batches every KEY_USAGE_FLUSH_MS, on
// flush() (before the dashboard reads them) and at shutdown, like the quota's usage counts (quota.ts).
// Several instances on one database each write their own: usage is added (upserts), log rows are inserted.
// A batch whose account or key no longer exists (account deletion is a cascading DELETE of the User row, a
// key can be deleted) is dropped by the statement itself; any other failed write keeps the batch for the
// next one. Trimming the log is bounded work: only the accounts just written to, each through its index.
import type { Db } from '@/lib/db/client';
import { AccountError } from './errors';
import { KEY_ID_PATTERN } from './ids';
import { HOUR_MS, hourStart, UsageWriteBehind } from './quota';
import { fallbackLogger } from '@/lib/observability/logger';

export const KEY_USAGE_FLUSH_MS = 1_000;
export const KEY_USAGE_DAYS = 30;
export const REQUEST_LOG_MAX_ENTRIES = 1_000;
export const REQUEST_LOG_DAYS = 7;
const DAY_MS = 24 * HOUR_MS;
/** Rows per INSERT statement. */
const BATCH_ROWS = 500;
/** How often a process deletes rows past their time for accounts that no longer call (bounded each time). */
const SWEEP_EVERY_MS = HOUR_MS;
const SWEEP_ROWS = 5_000;

/** One keyed request as it ended. Never its body. */
export interface CallRecord {
  /** Unix ms when it arrived. */
  at: number;
  userId: string;
  keyId: string;
  keyPrefix: string;
  method: string;
  endpoint: string;
  status: number;
  errorCode: string | null;
  inputBytes: number;
  outputBytes: number;
  durationMs: number;
  requestId: string;
}

interface UsageCell {
  keyId: string;
  userId: string;
  hourMs: number;
  endpoint: string;
  count: number;
}

/** What the recorder writes with; tests count its statements. */
export interface KeyUsageStore {
  addUsage(cells: readonly UsageCell[]): Promise<void>;
  addLog(rows: readonly CallRecord[]): Promise<void>;
  trimLog(userIds: readonly string[], now: number): Promise<void>;
  sweep(now: number): Promise<void>;
}

export class KeyUsageRecorder {
  /** `${keyId} ${hourMs} ${endpoint}` -> calls not yet written. */
  private usage = new Map<string, UsageCell>();
  /** userId -> log rows not yet written, oldest first (at most REQUEST_LOG_MAX_ENTRIES: older ones would be trimmed). */
  private log = new Map<string, CallRecord[]>();
  private readonly writer = new UsageWriteBehind(KEY_USAGE_FLUSH_MS, () => this.write());
  private nextSweep = 0;
  readonly store: KeyUsageStore;

  constructor(
    db: Db | KeyUsageStore,
    private readonly now: () => number = Date.now,
    /** Where a failed write is told (the server's log, lib/services; the fallback log's stderr otherwise). */
    private readonly failed: (what: string, err: unknown) => void = (what, err) => fallbackLogger().error({ err, component: 'key-usage' }, what),
  ) {
    this.store = 'addUsage' in db ? db : new SqlKeyUsageStore(db);
  }

  /** Counts the call and keeps its log row; no I/O here. */
  record(call: CallRecord): void {
    const hourMs = hourStart(call.at).getTime();
    const key = `${call.keyId} ${hourMs} ${call.endpoint}`;
    const cell = this.usage.get(key);
    if (cell) cell.count++;
    else this.usage.set(key, { keyId: call.keyId, userId: call.userId, hourMs, endpoint: call.endpoint, count: 1 });
    let rows = this.log.get(call.userId);
    if (!rows) this.log.set(call.userId, (rows = []));
    rows.push(call);
    if (rows.length > 2 * REQUEST_LOG_MAX_ENTRIES) rows.splice(0, rows.length - REQUEST_LOG_MAX_ENTRIES);
    this.writer.schedule();
  }

  /** Writes what is buffered (after any write under way); resolves when done. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Rows and cells waiting to be written (tests; the dashboard never needs it: it flushes). */
  get pending(): { cells: number; logRows: number } {
    let logRows = 0;
    for (const rows of this.log.values()) logRows += rows.length;
    return { cells: this.usage.size, logRows };
  }

  /** Returns true when something is left to write (a failed write keeps its batch). */
  private async write(): Promise<boolean> {
    const cells = this.usage;
    this.usage = new Map();
    if (cells.size > 0) {
      try {
        await this.store.addUsage([...cells.values()]);
      } catch (err) {
        this.failed('could not store usage counts', err);
        for (const [key, cell] of cells) {
          const newer = this.usage.get(key);
          if (newer) newer.count += cell.count;
          else this.usage.set(key, cell);
        }
      }
    }
    const log = this.log;
    this.log = new Map();
    if (log.size > 0) {
      const rows: CallRecord[] = [];
      for (const list of log.values()) rows.push(...list.slice(-REQUEST_LOG_MAX_ENTRIES));
      try {
        await this.store.addLog(rows);
        await this.trim([...log.keys()]);
      } catch (err) {
        this.failed('could not store the request log', err);
        for (const [userId, list] of log) {
          const newer = this.log.get(userId) ?? [];
          this.log.set(userId, [...list, ...newer].slice(-REQUEST_LOG_MAX_ENTRIES));
        }
      }
    }
    const now = this.now();
    if (now >= this.nextSweep) {
      this.nextSweep = now + SWEEP_EVERY_MS;
      await this.store.sweep(now).catch((err: unknown) => this.failed('could not remove old rows', err));
    }
    return this.usage.size > 0 || this.log.size > 0;
  }

  /** The rows are in: a failed trim only leaves more rows until the next one (readers cap at 1,000 and 7 days). */
  private async trim(userIds: string[]): Promise<void> {
    await this.store.trimLog(userIds, this.now()).catch((err: unknown) => this.failed('could not trim the request log', err));
  }
}

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The SQL behind the recorder: one statement per batch of up to BATCH_ROWS rows. */
export class SqlKeyUsageStore implements KeyUsageStore {
  constructor(private readonly db: Db) {}

  async addUsage(cells: readonly UsageCell[]): Promise<void> {
    // Sorted, so that two instances upserting the same rows lock them in the same order.
    const sorted = [...cells].sort((a, b) =>
      a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : a.hourMs - b.hourMs || (a.endpoint < b.endpoint ? -1 : 1),
    );
    for (const part of chunks(sorted, BATCH_ROWS)) {
      const json = JSON.stringify(part.map((c) => ({ ...c, hourStart: new Date(c.hourMs).toISOString() })));
      // A key deleted since (or its account) has no row to count in: its cells are dropped here.
      await this.db.$executeRaw`
        INSERT INTO "KeyUsageHour" ("keyId", "userId", "hourStart", "endpoint", "count")
        SELECT v."keyId", v."userId", v."hourStart", v."endpoint", v."count"
        FROM jsonb_to_recordset(${json}::jsonb) AS v("keyId" text, "userId" text, "hourStart" timestamptz, "endpoint" text, "count" int)
        WHERE EXISTS (SELECT 1 FROM "ApiKey" k WHERE k."id" = v."keyId" AND k."userId" = v."userId")
        ON CONFLICT ("keyId", "hourStart", "endpoint") DO UPDATE SET "count" = "KeyUsageHour"."count" + EXCLUDED."count"`;
    }
  }

  async addLog(rows: readonly CallRecord[]): Promise<void> {
    for (const part of chunks(rows, BATCH_ROWS)) {
      const json = JSON.stringify(part.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
      // A deleted account's rows are dropped here.
      await this.db.$executeRaw`
        INSERT INTO "RequestLogEntry" ("userId", "at", "keyId", "keyPrefix", "method", "endpoint", "status", "errorCode", "inputBytes", "outputBytes", "durationMs", "requestId")
        SELECT v."userId", v."at", v."keyId", v."keyPrefix", v."method", v."endpoint", v."status", v."errorCode", v."inputBytes", v."outputBytes", v."durationMs", v."requestId"
        FROM jsonb_to_recordset(${json}::jsonb) AS v("userId" text, "at" timestamptz, "keyId" text, "keyPrefix" text, "method" text, "endpoint" text,
          "status" int, "errorCode" text, "inputBytes" int, "outputBytes" int, "durationMs" int, "requestId" text)
        WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."id" = v."userId")`;
    }
  }

  /**
   * Each account's rows older than 7 days or past its 1,000th newest go: one statement for the accounts
   * just written to, each read through its ("userId", "at", "id") index (at most 1,000 rows and the batch).
   */
  async trimLog(userIds: readonly string[], now: number): Promise<void> {
    const cutoff = new Date(now - REQUEST_LOG_DAYS * DAY_MS);
    for (const part of chunks(userIds, BATCH_ROWS)) {
      await this.db.$executeRaw`
        WITH bound AS (
          SELECT a."userId", b."at", b."id"
          FROM jsonb_array_elements_text(${JSON.stringify(part)}::jsonb) AS a("userId")
          LEFT JOIN LATERAL (
            SELECT r."at", r."id" FROM "RequestLogEntry" r WHERE r."userId" = a."userId"
            ORDER BY r."at" DESC, r."id" DESC OFFSET ${REQUEST_LOG_MAX_ENTRIES - 1} LIMIT 1
          ) b ON true
        )
        DELETE FROM "RequestLogEntry" d USING bound
        WHERE d."userId" = bound."userId" AND (d."at" < ${cutoff} OR (d."at", d."id") < (bound."at", bound."id"))`;
    }
  }

  /** Rows past their time of accounts that stopped calling: at most SWEEP_ROWS of each table a time. */
  async sweep(now: number): Promise<void> {
    const logCutoff = new Date(now - REQUEST_LOG_DAYS * DAY_MS);
    const usageCutoff = new Date(hourStart(now).getTime() - KEY_USAGE_DAYS * DAY_MS);
    await this.db.$executeRaw`
      DELETE FROM "RequestLogEntry" WHERE "id" IN (SELECT "id" FROM "RequestLogEntry" WHERE "at" < ${logCutoff} LIMIT ${SWEEP_ROWS})`;
    await this.db.$executeRaw`
      DELETE FROM "KeyUsageHour" WHERE ("keyId", "hourStart", "endpoint") IN (
        SELECT "keyId", "hourStart", "endpoint" FROM "KeyUsageHour" WHERE "hourStart" < ${usageCutoff} LIMIT ${SWEEP_ROWS})`;
  }
}

// --- Reading (the dashboard and GET /api/dashboard/usage) ---

export interface KeyUsageReport {
  keyId: string;
  name: string;
  prefix: string;
  /** First hour covered (UTC, 30 days ago) and the end of this hour. */
  from: string;
  to: string;
  /** Calls per UTC hour and endpoint, oldest first; hours without calls are left out. */
  hours: Array<{ hourStart: string; endpoint: string; count: number }>;
  /** Calls per endpoint over the 30 days, most first. */
  endpoints: Array<{ endpoint: string; count: number }>;
  total: number;
}

/** The account's key by id: another account's key, or none, is "not found" (never "forbidden"). */
async function ownKeyRow(db: Db, userId: string, keyId: string) {
  if (!KEY_ID_PATTERN.test(keyId))
    throw new AccountError('bad_request', '"keyId" is not a key id: they look like "key_" followed by 20 letters and digits.');
  const key = await db.apiKey.findFirst({ where: { id: keyId, userId }, select: { id: true, name: true, prefix: true } });
  if (!key) throw new AccountError('not_found', 'No such key.');
  return key;
}

export async function keyUsageReport(db: Db, userId: string, keyId: string, now = Date.now()): Promise<KeyUsageReport> {
  const key = await ownKeyRow(db, userId, keyId);
  const current = hourStart(now).getTime();
  const from = new Date(current - (KEY_USAGE_DAYS * 24 - 1) * HOUR_MS);
  const rows = await db.keyUsageHour.findMany({
    where: { keyId, hourStart: { gte: from } },
    orderBy: [{ hourStart: 'asc' }, { endpoint: 'asc' }],
    select: { hourStart: true, endpoint: true, count: true },
  });
  const byEndpoint = new Map<string, number>();
  for (const r of rows) byEndpoint.set(r.endpoint, (byEndpoint.get(r.endpoint) ?? 0) + r.count);
  return {
    keyId: key.id,
    name: key.name,
    prefix: key.prefix,
    from: from.toISOString(),
    to: new Date(current + HOUR_MS).toISOString(),
    hours: rows.map((r) => ({ hourStart: r.hourStart.toISOString(), endpoint: r.endpoint, count: r.count })),
    endpoints: [...byEndpoint]
      .map(([endpoint, count]) => ({ endpoint, count }))
      .sort((a, b) => b.count - a.count || (a.endpoint < b.endpoint ? -1 : 1)),
    total: rows.reduce((s, r) => s + r.count, 0),
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report as CSV: one line per UTC hour and endpoint with calls. */
export function keyUsageCsv(report: KeyUsageReport): string {
  const lines = ['hour_start_utc,key_id,key_prefix,endpoint,calls'];
  for (const h of report.hours) lines.push([h.hourStart, report.keyId, report.prefix, h.endpoint, h.count].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A request log row as the dashboard reads it: the call as recorded, its time as ISO text, its account implied. */
export type RequestLogView = Omit<CallRecord, 'at' | 'userId'> & { at: string };

export const REQUEST_LOG_PAGE = 100;
const REQUEST_ID_TEXT = /^req_[0-9A-Za-z_-]{1,64}$/;

/** The account's newest requests (at most `limit`, of 7 days and the last 1,000), or the one with `requestId`. */
export async function readRequestLog(
  db: Db,
  userId: string,
  options: { requestId?: string | null; limit?: number } = {},
  now = Date.now(),
): Promise<RequestLogView[]> {
  const requestId = options.requestId?.trim();
  if (requestId && !REQUEST_ID_TEXT.test(requestId)) {
    throw new AccountError('bad_request', 'Request ids look like "req_" followed by letters and digits (the X-Request-Id header of a response).');
  }
  const rows = await db.requestLogEntry.findMany({
    where: { userId, at: { gte: new Date(now - REQUEST_LOG_DAYS * DAY_MS) }, ...(requestId ? { requestId } : {}) },
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: Math.min(options.limit ?? REQUEST_LOG_PAGE, REQUEST_LOG_MAX_ENTRIES),
  });
  return rows.map((r) => ({
    at: r.at.toISOString(),
    keyId: r.keyId,
    keyPrefix: r.keyPrefix,
    method: r.method,
    endpoint: r.endpoint,
    status: r.status,
    errorCode: r.errorCode,
    inputBytes: r.inputBytes,
    outputBytes: r.outputBytes,
    durationMs: r.durationMs,
    requestId: r.requestId,
  }));
}

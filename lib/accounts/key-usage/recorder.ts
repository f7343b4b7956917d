// The per-key usage recorder: counts and log rows kept in memory where a keyed request ends
// (lib/api/with-api.ts), written in batches through a KeyUsageStore (sql-store.ts).
import type { Db } from '@/lib/db/client';
import { fallbackLogger } from '@/lib/observability/logger';
import { HOUR_MS, hourStart } from '../quota/interface';
import { UsageWriteBehind } from '../write-behind';
import { type CallRecord, type KeyUsageStore, REQUEST_LOG_MAX_ENTRIES, type UsageCell } from './interface';
import { SqlKeyUsageStore } from './sql-store';

export const KEY_USAGE_FLUSH_MS = 1_000;
/** How often a process deletes rows past their time for accounts that no longer call (bounded each time). */
const SWEEP_EVERY_MS = HOUR_MS;

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

// Per-key usage (calls per key, UTC hour and endpoint; 30 days) and the request log (the account's last 1,000
// keyed requests of 7 days), recorded where a request ends (lib/api/with-api.ts) without a database write
// per call: each process keeps them in memory and writes them in batches every KEY_USAGE_FLUSH_MS, on
// flush() (before the dashboard reads them) and at shutdown, like the quota's usage counts (quota/).
// Several instances on one database each write their own: usage is added (upserts), log rows are inserted.
// A batch whose account or key no longer exists (account deletion is a cascading DELETE of the User row, a
// key can be deleted) is dropped by the statement itself; any other failed write keeps the batch for the
// next one. Trimming the log is bounded work: only the accounts just written to, each through its index.
import { HOUR_MS } from '../quota/interface';

export const KEY_USAGE_DAYS = 30;
export const REQUEST_LOG_MAX_ENTRIES = 1_000;
export const REQUEST_LOG_DAYS = 7;
export const DAY_MS = 24 * HOUR_MS;

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

export interface UsageCell {
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

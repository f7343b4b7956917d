// Reading per-key usage and the request log: the dashboard and GET /api/dashboard/usage.
import type { Db } from '@/lib/db/client';
import { csvText } from '../csv';
import { AccountError } from '../errors';
import { KEY_ID_PATTERN } from '../ids';
import { HOUR_MS, hourStart } from '../quota/interface';
import { type CallRecord, DAY_MS, KEY_USAGE_DAYS, REQUEST_LOG_DAYS, REQUEST_LOG_MAX_ENTRIES } from './interface';

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

/** The report as CSV: one line per UTC hour and endpoint with calls. */
export function keyUsageCsv(report: KeyUsageReport): string {
  return csvText(
    ['hour_start_utc', 'key_id', 'key_prefix', 'endpoint', 'calls'],
    report.hours.map((h) => [h.hourStart, report.keyId, report.prefix, h.endpoint, h.count]),
  );
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

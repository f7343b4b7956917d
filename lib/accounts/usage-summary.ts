// The dashboard's view of an account's calls: this hour against the quota, the last 24 hours, the last 30 days.
import type { Db } from '@/lib/db/client';
import { csvText } from './csv';
import { PLANS, type PlanId } from './plans';
import { HOUR_MS, hourStart } from './quota/interface';

export interface UsageSummary {
  plan: PlanId;
  limit: number | null;
  used: number;
  remaining: number | null;
  resetAt: string;
  hours: Array<{ hourStart: string; count: number }>;
  /** The last 30 UTC days (`YYYY-MM-DD`, oldest first, today last), calls per day. */
  days: Array<{ day: string; count: number }>;
}

export const USAGE_HISTORY_DAYS = 30;

/** This hour against the quota, the last 24 clock hours (oldest first, this hour last) and the last 30 UTC days. */
export async function usageSummary(db: Db, userId: string, plan: PlanId, now = Date.now()): Promise<UsageSummary> {
  const current = hourStart(now).getTime();
  const first = new Date(current - 23 * HOUR_MS);
  const today = Math.floor(now / (24 * HOUR_MS)) * 24 * HOUR_MS;
  const firstDay = today - (USAGE_HISTORY_DAYS - 1) * 24 * HOUR_MS;
  const rows = await db.usageHour.findMany({ where: { userId, hourStart: { gte: new Date(Math.min(firstDay, first.getTime())) } } });
  const byHour = new Map(rows.map((r) => [r.hourStart.getTime(), r.count]));
  const hours = Array.from({ length: 24 }, (_, i) => {
    const t = first.getTime() + i * HOUR_MS;
    return { hourStart: new Date(t).toISOString(), count: byHour.get(t) ?? 0 };
  });
  const byDay = new Map<number, number>();
  for (const r of rows) {
    const day = Math.floor(r.hourStart.getTime() / (24 * HOUR_MS)) * 24 * HOUR_MS;
    byDay.set(day, (byDay.get(day) ?? 0) + r.count);
  }
  const days = Array.from({ length: USAGE_HISTORY_DAYS }, (_, i) => {
    const t = firstDay + i * 24 * HOUR_MS;
    return { day: new Date(t).toISOString().slice(0, 10), count: byDay.get(t) ?? 0 };
  });
  const used = byHour.get(current) ?? 0;
  const limit = PLANS[plan].requestsPerHour;
  return {
    plan,
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used),
    resetAt: new Date(current + HOUR_MS).toISOString(),
    hours,
    days,
  };
}

/** The account's usage as CSV: one line per UTC day of the last 30. */
export function accountUsageCsv(summary: UsageSummary): string {
  return csvText(
    ['day_utc', 'calls'],
    summary.days.map((d) => [d.day, d.count]),
  );
}

// Hourly quotas per account, in fixed UTC clock-hour windows: what every store answers. Every
// authenticated call counts, whatever its outcome. Three interchangeable stores give the same answers
// (lib/services picks one): database.ts (one atomic upsert per call on UsageHour, which is also the
// dashboard's usage table), memory.ts (the embedded database's one owning process: counts in memory,
// added to UsageHour every second) and redis.ts (@upstash/ratelimit, exact across instances, usage
// buffered and added to UsageHour every few seconds; a window Redis has lost is seeded again).
import { PLANS, type PlanId } from '../plans';

export const HOUR_MS = 3_600_000;

export function hourStart(now = Date.now()): Date {
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS);
}

export interface QuotaDecision {
  allowed: boolean;
  /** null for unlimited plans (no X-RateLimit-* headers then). */
  limit: number | null;
  remaining: number | null;
  /** Unix seconds when the window ends. */
  resetSeconds: number;
}

export interface QuotaStore {
  readonly kind: 'database' | 'redis' | 'memory';
  consume(userId: string, plan: PlanId): Promise<QuotaDecision>;
  /** Writes buffered usage (Redis and memory stores); resolves when done. */
  flush(): Promise<void>;
}

/** The answer for the `count`th call of this hour on `plan`. */
export function decide(count: number, plan: PlanId, now: number): QuotaDecision {
  const limit = PLANS[plan].requestsPerHour;
  const resetSeconds = Math.floor(hourStart(now).getTime() / 1000) + HOUR_MS / 1000;
  if (limit === null) return { allowed: true, limit: null, remaining: null, resetSeconds };
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

// Hourly quotas per account, in fixed UTC clock-hour windows. Every authenticated call counts,
// whatever its outcome. Three interchangeable stores give the same answers:
// - the database: one atomic upsert per call on UsageHour, which is also the dashboard's usage
//   table;
// - memory (the embedded database, whose one owning process serves every call): counts kept in
//   the process and added to UsageHour every second;
// - Redis through @upstash/ratelimit (REDIS_URL or Upstash REST), with usage counts buffered in
//   memory and added to UsageHour every few seconds (no database write per call).
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis as UpstashRedis } from '@upstash/redis';
import type { Db } from '@/lib/db/client';
import { PLANS, type PlanId } from './plans';
import type { RedisConnection } from './redis';

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

function decide(count: number, plan: PlanId, now: number): QuotaDecision {
  const limit = PLANS[plan].requestsPerHour;
  const resetSeconds = Math.floor(hourStart(now).getTime() / 1000) + HOUR_MS / 1000;
  if (limit === null) return { allowed: true, limit: null, remaining: null, resetSeconds };
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds };
}

export class DatabaseQuotaStore implements QuotaStore {
  readonly kind = 'database';
  constructor(private readonly db: Db) {}

  async consume(userId: string, plan: PlanId): Promise<QuotaDecision> {
    const now = Date.now();
    const count = await incrementUsage(this.db, userId, hourStart(now), 1);
    return decide(count, plan, now);
  }

  async flush(): Promise<void> {}
}

/** Adds `by` to an account's count for one hour; returns the new count (atomic). */
export async function incrementUsage(db: Db, userId: string, hour: Date, by: number): Promise<number> {
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO "UsageHour" ("userId", "hourStart", "count") VALUES (${userId}, ${hour}, ${by})
    ON CONFLICT ("userId", "hourStart") DO UPDATE SET "count" = "UsageHour"."count" + ${by}
    RETURNING "count"`;
  return Number(rows[0]!.count);
}

/** How long the memory store keeps calls before adding them to UsageHour. */
export const MEMORY_FLUSH_MS = 1_000;

interface HourCount {
  readonly userId: string;
  readonly hourMs: number;
  /** UsageHour's count when this hour was first used here (known once `loading` is null). */
  stored: number;
  /** Calls counted here. */
  calls: number;
  /** Calls not yet added to UsageHour. */
  unsaved: number;
  loading: Promise<void> | null;
}

/**
 * Exact counts for the process that serves every call of its database (the embedded one): each
 * account's count for an hour is read from UsageHour at its first call in that hour (concurrent
 * first calls share the read), and then counted here without waiting on anything. Calls are added
 * to UsageHour every MEMORY_FLUSH_MS and on flush(); a failed write keeps them for the next one.
 * UsageHour therefore lags by up to a second: a reader that must be exact (the dashboard's
 * usageSummary) awaits flush() first, which also waits for writes already under way. `now` is the
 * clock (tests turn the hour with it).
 */
export class MemoryQuotaStore implements QuotaStore {
  readonly kind = 'memory';
  /** `${userId} ${hourStartMs}` -> that account's count for that hour. */
  private readonly counts = new Map<string, HourCount>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(userId: string, plan: PlanId): Promise<QuotaDecision> {
    const now = this.now();
    const hourMs = hourStart(now).getTime();
    const key = `${userId} ${hourMs}`;
    let entry = this.counts.get(key);
    if (!entry) {
      const created: HourCount = { userId, hourMs, stored: 0, calls: 0, unsaved: 0, loading: null };
      created.loading = this.load(created).then(
        () => {
          created.loading = null;
        },
        (err: unknown) => {
          // The calls waiting on it fail (uncounted, as when the database store's upsert fails);
          // the next call reads again.
          if (this.counts.get(key) === created) this.counts.delete(key);
          throw err;
        },
      );
      this.counts.set(key, created);
      entry = created;
    }
    // The call's place in the hour is taken now, in arrival order, whether or not the stored
    // count is known yet.
    const place = ++entry.calls;
    entry.unsaved++;
    this.schedule();
    if (entry.loading) await entry.loading;
    return decide(entry.stored + place, plan, now);
  }

  private async load(entry: HourCount): Promise<void> {
    const row = await this.db.usageHour.findUnique({
      where: { userId_hourStart: { userId: entry.userId, hourStart: new Date(entry.hourMs) } },
      select: { count: true },
    });
    entry.stored = row?.count ?? 0;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), MEMORY_FLUSH_MS);
    this.timer.unref();
  }

  /** Adds the calls not yet stored to UsageHour; calls at once share the work, one after another. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    for (const entry of this.counts.values()) {
      // Not before the stored count is read: that read must not include these calls.
      if (entry.loading || entry.unsaved === 0) continue;
      const calls = entry.unsaved;
      entry.unsaved = 0;
      try {
        await incrementUsage(this.db, entry.userId, new Date(entry.hourMs), calls);
      } catch (err) {
        // Keep the counts for the next flush rather than lose them.
        entry.unsaved += calls;
        console.error('[quota] could not store usage counts:', err);
      }
    }
    const current = hourStart(this.now()).getTime();
    let left = false;
    for (const [key, entry] of this.counts) {
      if (entry.hourMs < current && entry.unsaved === 0 && !entry.loading) this.counts.delete(key);
      else if (entry.unsaved > 0) left = true;
    }
    if (left) this.schedule();
  }
}

export const USAGE_FLUSH_MS = 2_000;

export class RedisQuotaStore implements QuotaStore {
  readonly kind = 'redis';
  private readonly limiters = new Map<number, Ratelimit>();
  /** `${userId} ${hourStartMs}` -> calls not yet added to UsageHour. */
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly redis: RedisConnection,
    private readonly prefix = 'yamljson:quota',
  ) {}

  private limiter(limit: number): Ratelimit {
    let limiter = this.limiters.get(limit);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis.client as unknown as UpstashRedis,
        limiter: Ratelimit.fixedWindow(limit, '1 h'),
        prefix: this.prefix,
        // Exact counts: no in-process cache of denials (a plan upgrade applies at once), and no
        // fail-open timeout (an unreachable Redis is an error, not a free pass).
        ephemeralCache: false,
        timeout: 0,
        analytics: false,
      });
      this.limiters.set(limit, limiter);
    }
    return limiter;
  }

  async consume(userId: string, plan: PlanId): Promise<QuotaDecision> {
    const now = Date.now();
    const limit = PLANS[plan].requestsPerHour;
    this.record(userId, hourStart(now).getTime());
    if (limit === null) return decide(0, plan, now);
    // Every plan counts in the same Redis key per account and hour, so a plan change mid-hour
    // keeps the calls already made.
    const r = await this.limiter(limit).limit(userId);
    return { allowed: r.success, limit, remaining: r.remaining, resetSeconds: Math.floor(r.reset / 1000) };
  }

  private record(userId: string, hourMs: number): void {
    const key = `${userId} ${hourMs}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), USAGE_FLUSH_MS);
      this.timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      for (const [key, count] of batch) {
        const [userId, hourMs] = key.split(' ') as [string, string];
        try {
          await incrementUsage(this.db, userId, new Date(Number(hourMs)), count);
        } catch (err) {
          // Keep the counts for the next flush rather than lose them.
          this.pending.set(key, (this.pending.get(key) ?? 0) + count);
          console.error('[quota] could not store usage counts:', err);
        }
      }
    });
    return this.flushing;
  }
}

export interface UsageSummary {
  plan: PlanId;
  limit: number | null;
  used: number;
  remaining: number | null;
  resetAt: string;
  hours: Array<{ hourStart: string; count: number }>;
}

/** This hour against the quota, and the last 24 clock hours (oldest first, this hour last). */
export async function usageSummary(db: Db, userId: string, plan: PlanId, now = Date.now()): Promise<UsageSummary> {
  const current = hourStart(now).getTime();
  const first = new Date(current - 23 * HOUR_MS);
  const rows = await db.usageHour.findMany({ where: { userId, hourStart: { gte: first } } });
  const byHour = new Map(rows.map((r) => [r.hourStart.getTime(), r.count]));
  const hours = Array.from({ length: 24 }, (_, i) => {
    const t = first.getTime() + i * HOUR_MS;
    return { hourStart: new Date(t).toISOString(), count: byHour.get(t) ?? 0 };
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
  };
}

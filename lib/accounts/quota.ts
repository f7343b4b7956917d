// Hourly quotas per account, in fixed UTC clock-hour windows. Every authenticated call counts,
// whatever its outcome. Three interchangeable stores give the same answers:
// - the database: one atomic upsert per call on UsageHour, which is also the dashboard's usage
//   table;
// - memory (the embedded database, whose one owning process serves every call): counts kept in
//   the process and added to UsageHour every second;
// - Redis through @upstash/ratelimit (REDIS_URL or Upstash REST), with usage counts buffered in
//   memory and added to UsageHour every few seconds (no database write per call); a window Redis
//   has lost (a restart) is seeded again from UsageHour.
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis as UpstashRedis } from '@upstash/redis';
import type { Db } from '@/lib/db/client';
import { PLANS, type PlanId } from './plans';
import type { RedisConnection, ScriptRedis } from './redis';
import { fallbackLogger, type Logger } from '@/lib/observability/logger';

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

/** Adds `calls` to UsageHour; false when that failed (logged), the caller keeping them for the next write. */
async function storeCalls(db: Db, userId: string, hourMs: number, calls: number, log: Logger): Promise<boolean> {
  try {
    await incrementUsage(db, userId, new Date(hourMs), calls);
    return true;
  } catch (err) {
    // The account was deleted since these calls were counted: its usage went with it.
    if (isForeignKeyViolation(err)) return true;
    log.error({ err, component: 'quota' }, 'could not store usage counts');
    return false;
  }
}

/** SQLSTATE 23503 (Prisma: P2003), as the driver adapter passes it on: the row's account is gone. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const fields = e as {
      code?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      meta?: { code?: unknown; driverAdapterError?: unknown };
      cause?: unknown;
    };
    if (fields.kind === 'ForeignKeyConstraintViolation') return true;
    if ([fields.code, fields.originalCode, fields.meta?.code].some((code) => code === '23503' || code === 'P2003')) return true;
    e = fields.cause ?? fields.meta?.driverAdapterError;
  }
  return false;
}

/**
 * The write-behind of the stores that buffer calls (memory and Redis): `write` runs `intervalMs`
 * after the first call it has not seen and on flush(), and returns true when calls are left over
 * (a failed write keeps them), which schedules another. Writes, and the steps queued with
 * `queue`, run one after another: a step never sees a write half done.
 */
export class UsageWriteBehind {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly write: () => Promise<boolean>,
  ) {}

  /** A write within `intervalMs`, unless one is scheduled already. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes now (after what is under way); resolves when done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.queue(async () => {
      if (await this.write()) this.schedule();
    });
  }

  /** Runs `step` once every write and step queued before it is done. */
  queue(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step);
    return this.chain;
  }
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
  private readonly writer = new UsageWriteBehind(MEMORY_FLUSH_MS, () => this.write());

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly log: Logger = fallbackLogger(),
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
    this.writer.schedule();
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

  /** Adds the calls not yet stored to UsageHour; calls at once share the work, one after another. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Returns true when calls are left to write. */
  private async write(): Promise<boolean> {
    for (const entry of this.counts.values()) {
      // Not before the stored count is read: that read must not include these calls.
      if (entry.loading || entry.unsaved === 0) continue;
      const calls = entry.unsaved;
      entry.unsaved = 0;
      // Kept for the next write rather than lost.
      if (!(await storeCalls(this.db, entry.userId, entry.hourMs, calls, this.log))) entry.unsaved += calls;
    }
    const current = hourStart(this.now()).getTime();
    let left = false;
    for (const [key, entry] of this.counts) {
      if (entry.hourMs < current && entry.unsaved === 0 && !entry.loading) this.counts.delete(key);
      else if (entry.unsaved > 0) left = true;
    }
    return left;
  }
}

export const USAGE_FLUSH_MS = 2_000;

/** The check before @upstash/ratelimit's script goes out found a window not seeded on this connection. */
class UnseededWindow extends Error {
  constructor(readonly key: string) {
    super(`the quota window ${key} is not seeded on this Redis connection`);
    this.name = 'UnseededWindow';
  }
}

/**
 * A window's first call on a connection: the window's count as UsageHour knows it, unless a call
 * (of any instance) has set it already, then this call. Same key and expiry as
 * @upstash/ratelimit's fixed window, whose script (INCRBY, PEXPIRE on the first) counts the rest.
 */
const SEED_SCRIPT = `redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])
return redis.call('INCRBY', KEYS[1], 1)`;

/**
 * Counts in Redis (@upstash/ratelimit's fixed window), exact across instances. Redis may lose a
 * window (a restart without persistence wipes every key), so no call is counted in a window this
 * process has not seeded on the very connection the call goes out on: the check runs just before
 * each script is sent, and a window's first call on a connection seeds it from UsageHour with
 * SET NX (the first seeder of any instance wins; the others' calls are counted on top of it).
 * The seed is UsageHour's count plus this process's counts not yet written, read while no write
 * of this process is under way, so none is left out or counted twice. Counts another instance
 * had not yet written are the one gap: each writes its counts at once when it loses Redis (and
 * every USAGE_FLUSH_MS anyway), so by the time a restarted Redis answers they are in UsageHour.
 * A call Redis did not count (it answered 503) is not added to UsageHour either.
 */
export class RedisQuotaStore implements QuotaStore {
  readonly kind = 'redis';
  private readonly limiters = new Map<number, Ratelimit>();
  /** What @upstash/ratelimit calls: the connection's scripts, each sent only for a seeded window. */
  private readonly scripts: ScriptRedis;
  /** Redis key of a window -> the connection this process seeded it on. */
  private readonly seeded = new Map<string, { connection: object; hourMs: number }>();
  private newestSeededHourMs = 0;
  /** `${userId} ${hourStartMs}` -> calls not yet added to UsageHour. */
  private pending = new Map<string, number>();
  /** Windows whose stored count is wanted, read together by the next step of `flushing`. */
  private seedReads = new Map<string, { resolve(count: number): void; reject(err: unknown): void }>();
  private seedReadQueued = false;
  /** Writes to UsageHour and seed reads, one after another. */
  private readonly writer = new UsageWriteBehind(USAGE_FLUSH_MS, () => this.write());

  constructor(
    private readonly db: Db,
    private readonly redis: RedisConnection,
    private readonly prefix = 'yamljson:quota',
    private readonly log: Logger = fallbackLogger(),
  ) {
    const seededOnly = (keys: string[]) => () => {
      const key = keys[0]!;
      if (this.seeded.get(key)?.connection !== this.redis.connection()) throw new UnseededWindow(key);
    };
    this.scripts = {
      evalsha: (hash, keys, args) => redis.evalsha(hash, keys, args, seededOnly(keys)),
      eval: (script, keys, args) => redis.eval(script, keys, args, seededOnly(keys)),
    };
    redis.onConnectionLost(() => void this.flush());
  }

  private limiter(limit: number): Ratelimit {
    let limiter = this.limiters.get(limit);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.scripts as unknown as UpstashRedis,
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
    if (limit === null) {
      this.record(userId, hourStart(now).getTime());
      return decide(0, plan, now);
    }
    // Every plan counts in the same Redis key per account and hour, so a plan change mid-hour
    // keeps the calls already made.
    let decision: QuotaDecision;
    let hourMs: number;
    try {
      const r = await this.limiter(limit).limit(userId);
      hourMs = r.reset - HOUR_MS;
      decision = { allowed: r.success, limit, remaining: r.remaining, resetSeconds: Math.floor(r.reset / 1000) };
    } catch (err) {
      if (!(err instanceof UnseededWindow)) throw err;
      hourMs = Number(err.key.slice(err.key.lastIndexOf(':') + 1)) * HOUR_MS;
      decision = decide(await this.seed(err.key, userId, hourMs), plan, hourMs);
    }
    this.record(userId, hourMs);
    return decision;
  }

  /** Seeds the window (unless set) and counts this call; returns the window's count. */
  private async seed(key: string, userId: string, hourMs: number): Promise<number> {
    const stored = await this.storedCount(userId, hourMs);
    let connection: object | undefined;
    const count = await this.redis.eval(SEED_SCRIPT, [key], [stored, HOUR_MS], () => {
      connection = this.redis.connection();
    });
    this.seeded.set(key, { connection: connection!, hourMs });
    if (hourMs > this.newestSeededHourMs) {
      // A new hour: windows older than the one before are not called any more.
      this.newestSeededHourMs = hourMs;
      for (const [k, v] of this.seeded) if (v.hourMs < hourMs - HOUR_MS) this.seeded.delete(k);
    }
    return Number(count);
  }

  /** UsageHour's count of a window plus this process's calls not yet in it (every window asked for at once, in one read). */
  private storedCount(userId: string, hourMs: number): Promise<number> {
    const key = `${userId} ${hourMs}`;
    return new Promise<number>((resolve, reject) => {
      const waiting = this.seedReads.get(key);
      this.seedReads.set(key, {
        resolve: (count) => (waiting?.resolve(count), resolve(count)),
        reject: (err) => (waiting?.reject(err), reject(err)),
      });
      if (this.seedReadQueued) return;
      this.seedReadQueued = true;
      // In the chain of writes: none is under way while this reads, so every call of this
      // process is either in UsageHour or still pending, never on its way between the two.
      void this.writer.queue(async () => {
        this.seedReadQueued = false;
        const reads = this.seedReads;
        this.seedReads = new Map();
        const windows = [...reads.keys()].map((k) => k.split(' ') as [string, string]);
        try {
          const rows = await this.db.usageHour.findMany({
            where: { OR: windows.map(([u, h]) => ({ userId: u, hourStart: new Date(Number(h)) })) },
            select: { userId: true, hourStart: true, count: true },
          });
          const counts = new Map(rows.map((r) => [`${r.userId} ${r.hourStart.getTime()}`, r.count]));
          for (const [k, read] of reads) read.resolve((counts.get(k) ?? 0) + (this.pending.get(k) ?? 0));
        } catch (err) {
          for (const read of reads.values()) read.reject(err);
        }
      });
    });
  }

  private record(userId: string, hourMs: number): void {
    const key = `${userId} ${hourMs}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    this.writer.schedule();
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  /** Returns true when calls are left to write. */
  private async write(): Promise<boolean> {
    // Taken when the write starts, so that a seed read queued before it still sees them pending.
    const batch = this.pending;
    this.pending = new Map();
    for (const [key, count] of batch) {
      const [userId, hourMs] = key.split(' ') as [string, string];
      // Kept for the next write rather than lost.
      if (!(await storeCalls(this.db, userId, Number(hourMs), count, this.log))) this.pending.set(key, (this.pending.get(key) ?? 0) + count);
    }
    return this.pending.size > 0;
  }
}

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
  return `${['day_utc,calls', ...summary.days.map((d) => `${d.day},${d.count}`)].join('\r\n')}\r\n`;
}

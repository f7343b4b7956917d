// The quota counted in Redis through @upstash/ratelimit (REDIS_URL), exact across instances.
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis as UpstashRedis } from '@upstash/redis';
import type { Db } from '@/lib/db/client';
import { fallbackLogger, type Logger } from '@/lib/observability/logger';
import { PLANS, type PlanId } from '../plans';
import type { RedisConnection, ScriptRedis } from '../redis';
import { UsageWriteBehind } from '../write-behind';
import { decide, HOUR_MS, hourStart, type QuotaDecision, type QuotaStore } from './interface';
import { storeCalls } from './usage-hour';

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

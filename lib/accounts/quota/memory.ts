// The quota counted in memory, for the process that owns the embedded database.
import type { Db } from '@/lib/db/client';
import { fallbackLogger, type Logger } from '@/lib/observability/logger';
import type { PlanId } from '../plans';
import { UsageWriteBehind } from '../write-behind';
import { decide, hourStart, type QuotaDecision, type QuotaStore } from './interface';
import { storeCalls } from './usage-hour';

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

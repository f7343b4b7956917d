// Fixed-window counters in the database (sign-in and sign-up throttling): one atomic upsert per hit.
import type { Db } from '@/lib/db/client';

export function windowStart(seconds: number, now = Date.now()): Date {
  return new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);
}

export interface CounterHit {
  /** Hits in this window, this one included. */
  current: number;
  /** Hits in the window before. */
  previous: number;
  /** The window this hit was counted in (to take it back with unhitCounter). */
  windowStart: Date;
  /** Seconds until this window ends. */
  resetSeconds: number;
}

/**
 * Counts one hit and reads the window before, in one statement: callers decide on the count that
 * includes their own hit, so concurrent attempts cannot all slip in under a limit.
 */
export async function hitCounter(db: Db, bucket: string, seconds: number, now = Date.now()): Promise<CounterHit> {
  const start = windowStart(seconds, now);
  const previousStart = new Date(start.getTime() - seconds * 1000);
  const rows = await db.$queryRaw<Array<{ current: number; previous: number }>>`
    WITH hit AS (
      INSERT INTO "RateCounter" ("bucket", "windowStart", "count") VALUES (${bucket}, ${start}, 1)
      ON CONFLICT ("bucket", "windowStart") DO UPDATE SET "count" = "RateCounter"."count" + 1
      RETURNING "count"
    )
    SELECT (SELECT "count" FROM hit) AS current,
      COALESCE((SELECT "count" FROM "RateCounter" WHERE "bucket" = ${bucket} AND "windowStart" = ${previousStart}), 0) AS previous`;
  const row = rows[0]!;
  return {
    current: Number(row.current),
    previous: Number(row.previous),
    windowStart: start,
    resetSeconds: Math.ceil((start.getTime() + seconds * 1000 - now) / 1000),
  };
}

/** Takes back a hit counted by hitCounter (an attempt that turned out not to count). */
export async function unhitCounter(db: Db, bucket: string, start: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE "RateCounter" SET "count" = "count" - 1 WHERE "bucket" = ${bucket} AND "windowStart" = ${start} AND "count" > 0`;
}

/**
 * Hits in this window and the one before it, so that a limit does not reset at a window's edge:
 * every hit is remembered for between one and two windows.
 */
export async function readCounter(db: Db, bucket: string, seconds: number): Promise<{ count: number; current: number; resetSeconds: number }> {
  const start = windowStart(seconds);
  const previous = new Date(start.getTime() - seconds * 1000);
  const rows = await db.rateCounter.findMany({ where: { bucket, windowStart: { in: [previous, start] } } });
  const current = rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0;
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  const toEdge = Math.ceil((start.getTime() + seconds * 1000 - Date.now()) / 1000);
  return { count, current, resetSeconds: toEdge };
}

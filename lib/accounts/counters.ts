// Fixed-window counters in the database (sign-in throttling): one atomic upsert per hit.
import type { Db } from '@/lib/db/client';

export function windowStart(seconds: number, now = Date.now()): Date {
  return new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);
}

export async function hitCounter(db: Db, bucket: string, seconds: number): Promise<number> {
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO "RateCounter" ("bucket", "windowStart", "count") VALUES (${bucket}, ${windowStart(seconds)}, 1)
    ON CONFLICT ("bucket", "windowStart") DO UPDATE SET "count" = "RateCounter"."count" + 1
    RETURNING "count"`;
  return Number(rows[0]!.count);
}

/**
 * Hits in this window and the one before it, so that a limit does not reset at a window's edge:
 * every hit is remembered for between one and two windows.
 */
export async function readCounter(
  db: Db,
  bucket: string,
  seconds: number,
): Promise<{ count: number; current: number; resetSeconds: number }> {
  const start = windowStart(seconds);
  const previous = new Date(start.getTime() - seconds * 1000);
  const rows = await db.rateCounter.findMany({ where: { bucket, windowStart: { in: [previous, start] } } });
  const current = rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0;
  const count = rows.reduce((sum, r) => sum + r.count, 0);
  const toEdge = Math.ceil((start.getTime() + seconds * 1000 - Date.now()) / 1000);
  // Once this window ends only its own hits still count: if they alone reach a limit, one more window.
  return { count, current, resetSeconds: toEdge };
}

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

export async function readCounter(db: Db, bucket: string, seconds: number): Promise<{ count: number; resetSeconds: number }> {
  const start = windowStart(seconds);
  const row = await db.rateCounter.findUnique({ where: { bucket_windowStart: { bucket, windowStart: start } } });
  const resetSeconds = Math.ceil((start.getTime() + seconds * 1000 - Date.now()) / 1000);
  return { count: row?.count ?? 0, resetSeconds };
}

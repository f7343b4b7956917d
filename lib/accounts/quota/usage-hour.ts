// UsageHour, the per-account count of calls per UTC hour that every quota store ends up writing.
import type { Db } from '@/lib/db/client';
import type { Logger } from '@/lib/observability/logger';

/** Adds `by` to an account's count for one hour; returns the new count (atomic). */
export async function incrementUsage(db: Db, userId: string, hour: Date, by: number): Promise<number> {
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO "UsageHour" ("userId", "hourStart", "count") VALUES (${userId}, ${hour}, ${by})
    ON CONFLICT ("userId", "hourStart") DO UPDATE SET "count" = "UsageHour"."count" + ${by}
    RETURNING "count"`;
  return Number(rows[0]!.count);
}

/** Adds `calls` to UsageHour; false when that failed (logged), the caller keeping them for the next write. */
export async function storeCalls(db: Db, userId: string, hourMs: number, calls: number, log: Logger): Promise<boolean> {
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

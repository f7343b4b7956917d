// The SQL behind the key usage recorder (recorder.ts): KeyUsageHour and RequestLogEntry.
import type { Db } from '@/lib/db/client';
import { hourStart } from '../quota/interface';
import { type CallRecord, DAY_MS, KEY_USAGE_DAYS, type KeyUsageStore, REQUEST_LOG_DAYS, REQUEST_LOG_MAX_ENTRIES, type UsageCell } from './interface';

/** Rows per INSERT statement. */
const BATCH_ROWS = 500;
const SWEEP_ROWS = 5_000;

const chunks = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/** The SQL behind the recorder: one statement per batch of up to BATCH_ROWS rows. */
export class SqlKeyUsageStore implements KeyUsageStore {
  constructor(private readonly db: Db) {}

  async addUsage(cells: readonly UsageCell[]): Promise<void> {
    // Sorted, so that two instances upserting the same rows lock them in the same order.
    const sorted = [...cells].sort((a, b) =>
      a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : a.hourMs - b.hourMs || (a.endpoint < b.endpoint ? -1 : 1),
    );
    for (const part of chunks(sorted, BATCH_ROWS)) {
      const json = JSON.stringify(part.map((c) => ({ ...c, hourStart: new Date(c.hourMs).toISOString() })));
      // A key deleted since (or its account) has no row to count in: its cells are dropped here.
      await this.db.$executeRaw`
        INSERT INTO "KeyUsageHour" ("keyId", "userId", "hourStart", "endpoint", "count")
        SELECT v."keyId", v."userId", v."hourStart", v."endpoint", v."count"
        FROM jsonb_to_recordset(${json}::jsonb) AS v("keyId" text, "userId" text, "hourStart" timestamptz, "endpoint" text, "count" int)
        WHERE EXISTS (SELECT 1 FROM "ApiKey" k WHERE k."id" = v."keyId" AND k."userId" = v."userId")
        ON CONFLICT ("keyId", "hourStart", "endpoint") DO UPDATE SET "count" = "KeyUsageHour"."count" + EXCLUDED."count"`;
    }
  }

  async addLog(rows: readonly CallRecord[]): Promise<void> {
    for (const part of chunks(rows, BATCH_ROWS)) {
      const json = JSON.stringify(part.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
      // A deleted account's rows are dropped here.
      await this.db.$executeRaw`
        INSERT INTO "RequestLogEntry" ("userId", "at", "keyId", "keyPrefix", "method", "endpoint", "status", "errorCode", "inputBytes", "outputBytes", "durationMs", "requestId")
        SELECT v."userId", v."at", v."keyId", v."keyPrefix", v."method", v."endpoint", v."status", v."errorCode", v."inputBytes", v."outputBytes", v."durationMs", v."requestId"
        FROM jsonb_to_recordset(${json}::jsonb) AS v("userId" text, "at" timestamptz, "keyId" text, "keyPrefix" text, "method" text, "endpoint" text,
          "status" int, "errorCode" text, "inputBytes" int, "outputBytes" int, "durationMs" int, "requestId" text)
        WHERE EXISTS (SELECT 1 FROM "User" u WHERE u."id" = v."userId")`;
    }
  }

  /**
   * Each account's rows older than 7 days or past its 1,000th newest go: one statement for the accounts
   * just written to, each read through its ("userId", "at", "id") index (at most 1,000 rows and the batch).
   */
  async trimLog(userIds: readonly string[], now: number): Promise<void> {
    const cutoff = new Date(now - REQUEST_LOG_DAYS * DAY_MS);
    for (const part of chunks(userIds, BATCH_ROWS)) {
      await this.db.$executeRaw`
        WITH bound AS (
          SELECT a."userId", b."at", b."id"
          FROM jsonb_array_elements_text(${JSON.stringify(part)}::jsonb) AS a("userId")
          LEFT JOIN LATERAL (
            SELECT r."at", r."id" FROM "RequestLogEntry" r WHERE r."userId" = a."userId"
            ORDER BY r."at" DESC, r."id" DESC OFFSET ${REQUEST_LOG_MAX_ENTRIES - 1} LIMIT 1
          ) b ON true
        )
        DELETE FROM "RequestLogEntry" d USING bound
        WHERE d."userId" = bound."userId" AND (d."at" < ${cutoff} OR (d."at", d."id") < (bound."at", bound."id"))`;
    }
  }

  /** Rows past their time of accounts that stopped calling: at most SWEEP_ROWS of each table a time. */
  async sweep(now: number): Promise<void> {
    const logCutoff = new Date(now - REQUEST_LOG_DAYS * DAY_MS);
    const usageCutoff = new Date(hourStart(now).getTime() - KEY_USAGE_DAYS * DAY_MS);
    await this.db.$executeRaw`
      DELETE FROM "RequestLogEntry" WHERE "id" IN (SELECT "id" FROM "RequestLogEntry" WHERE "at" < ${logCutoff} LIMIT ${SWEEP_ROWS})`;
    await this.db.$executeRaw`
      DELETE FROM "KeyUsageHour" WHERE ("keyId", "hourStart", "endpoint") IN (
        SELECT "keyId", "hourStart", "endpoint" FROM "KeyUsageHour" WHERE "hourStart" < ${usageCutoff} LIMIT ${SWEEP_ROWS})`;
  }
}

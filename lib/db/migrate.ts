// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, through the
// Prisma client; records them in Prisma's own `_prisma_migrations` table so a second run does
// nothing. A transaction-scoped advisory lock makes two instances starting at once take turns.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './client';

/** Any constant; all migrators of one database agree on it. */
const MIGRATION_LOCK_ID = 727_073_690;

export interface Migration {
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export function readMigrations(dir = path.join(process.cwd(), 'prisma', 'migrations')): Migration[] {
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}.`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Splits a migration into statements: on `;` at the end of a line, outside quotes and comments.
 * (The driver runs one statement per call.)
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote) {
      current += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      current += c;
      continue;
    }
    if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      current += '\n';
      continue;
    }
    if (c === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

export async function migrate(prisma: Db, migrations = readMigrations()): Promise<MigrateResult> {
  const result: MigrateResult = { applied: [], alreadyApplied: [] };
  await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    await tx.$executeRawUnsafe(CREATE_TABLE);
  });
  for (const m of migrations) {
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
        const done = await tx.$queryRawUnsafe<Array<{ checksum: string }>>(
          'SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL',
          m.name,
        );
        if (done.length > 0) {
          if (done[0]!.checksum !== m.checksum) {
            throw new Error(`Migration ${m.name} was changed after it was applied (checksum differs). Add a new migration instead.`);
          }
          result.alreadyApplied.push(m.name);
          return;
        }
        const statements = splitStatements(m.sql);
        for (const statement of statements) await tx.$executeRawUnsafe(statement);
        await tx.$executeRawUnsafe(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, now(), $4)',
          randomUUID(),
          m.checksum,
          m.name,
          statements.length,
        );
        result.applied.push(m.name);
      },
      { timeout: 120_000, maxWait: 120_000 },
    );
  }
  return result;
}

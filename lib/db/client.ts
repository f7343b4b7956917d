// The Prisma client on a PostgreSQL URL: a real server, or the embedded database's socket server
// (scripts/serve.ts starts it and hands its URL to the app as DATABASE_URL).
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { dependencyTimeoutMs } from '../dependencies';
import { PrismaClient } from './generated/client';

export type Db = PrismaClient;

/**
 * The client-side deadline is a little longer than the server's: a server that answers cancels
 * the statement itself (57014, 55P03) and keeps the connection; only a server that does not
 * answer at all costs the connection (pg destroys a pool client whose query timed out).
 */
const CLIENT_TIMEOUT_MARGIN_MS = 250;

export interface CreateDbOptions {
  /**
   * Deadline of every query (statement_timeout, lock_timeout, and the same on the client's side
   * for a server that does not answer) and of getting a connection. None for the migrator and
   * the operator's tools, whose statements may rightly wait.
   */
  timeoutMs?: number;
}

export function createDb(url: string, maxConnections = 10, options: CreateDbOptions = {}): Db {
  const pool: PoolConfig = { connectionString: url, max: maxConnections };
  const timeout = options.timeoutMs;
  if (timeout) {
    Object.assign(pool, {
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      lock_timeout: timeout,
      query_timeout: timeout + CLIENT_TIMEOUT_MARGIN_MS,
    } satisfies PoolConfig);
  }
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}

const holder = globalThis as typeof globalThis & { __yamljsonDb?: Db };

/** The process's client for DATABASE_URL, created on first use, with the request path's deadline (DATABASE_TIMEOUT_MS). */
export function db(): Db {
  if (!holder.__yamljsonDb) {
    const url = process.env.DATABASE_URL;
    if (!url) {
      throw new Error(
        'DATABASE_URL is not set: start the app with `npm start` (which starts the embedded database) or point DATABASE_URL at PostgreSQL.',
      );
    }
    holder.__yamljsonDb = createDb(url, 10, { timeoutMs: dependencyTimeoutMs('database') });
  }
  return holder.__yamljsonDb;
}

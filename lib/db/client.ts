// The Prisma client on a PostgreSQL URL: a real server, or the embedded database's socket server
// (scripts/serve.ts starts it and builds the server's client on its URL, lib/services).
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
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

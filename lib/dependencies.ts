// The services a request may wait on (the database, Redis): how long it waits for each, and how a
// failure to answer is recognised, so that every endpoint answers 503 `unavailable` instead of
// hanging or answering 500 (lib/api/errors.ts). Web-free: the accounts layer and the tools use it.

export const DEPENDENCIES = ['database', 'redis'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** The deadline of one database query or Redis command (connecting included): DATABASE_TIMEOUT_MS and REDIS_TIMEOUT_MS (lib/config). */
export const DEFAULT_DEPENDENCY_TIMEOUT_MS = 1_000;

const UNAVAILABLE_ERROR = 'DependencyUnavailableError';

/** A dependency did not answer in time, or refused or dropped the connection. */
export class DependencyUnavailableError extends Error {
  readonly dependency: Dependency;

  constructor(dependency: Dependency, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = UNAVAILABLE_ERROR;
    this.dependency = dependency;
  }
}

/**
 * Rejects with DependencyUnavailableError when `promise` has not settled within `ms` (the work
 * itself cannot be called back: a late answer is ignored).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, dependency: Dependency, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError(dependency, `${what}: no answer within ${ms} ms`)), Math.max(0, ms));
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

// What the database's failures to answer look like through Prisma and @prisma/adapter-pg.
/** P1001 cannot reach, P1002 reached but timed out, P1008 operation timed out, P1017 server closed the connection, P2024 no pool connection in time, P2037 too many connections. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** @prisma/adapter-pg's names for socket errors and SQLSTATE 53300. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * SQLSTATE: 08xxx connection exceptions, 53xxx insufficient resources (too many clients, out of
 * memory or disk), 57P01-57P05 shutting down / starting up, 57014 statement_timeout,
 * 55P03 lock_timeout.
 */
const SQLSTATE = /^(08...|53...|57P0[1-5]|57014|55P03)$/;
/** pg's own errors (pool and client timeouts, a dropped connection), which Prisma passes on as they are. */
const PG_MESSAGES =
  /Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;

/**
 * Which dependency an error says is not answering, or null for anything else (a bug, bad input).
 * By shape, not by class: the front's bundle and Next.js's bundles each have their own copy of
 * these classes, and an error may cross from one to the other through the shared services.
 */
export function unavailableDependency(err: unknown): Dependency | null {
  if (field(err, 'name') === UNAVAILABLE_ERROR) {
    const dependency = field(err, 'dependency');
    if (DEPENDENCIES.includes(dependency as Dependency)) return dependency as Dependency;
  }
  // Every error the Prisma client throws carries its clientVersion, its own and the driver's alike.
  if (typeof field(err, 'clientVersion') !== 'string') return null;
  const code = field(err, 'code') ?? field(err, 'errorCode');
  if (typeof code === 'string' && PRISMA_CODES.has(code)) return 'database';
  const cause = field(field(field(err, 'meta'), 'driverAdapterError'), 'cause');
  const kind = field(cause, 'kind');
  if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return 'database';
  const sqlstate = field(cause, 'originalCode') ?? field(cause, 'code');
  if (typeof sqlstate === 'string' && SQLSTATE.test(sqlstate)) return 'database';
  const socket = field(field(err, 'cause'), 'code') ?? code;
  if (typeof socket === 'string' && SOCKET_CODES.has(socket)) return 'database';
  const message = field(err, 'message');
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return 'database';
  return null;
}

/** One line on what went wrong, for the log (Prisma's messages run over several lines). */
export function describeFailure(err: unknown): string {
  const cause = field(field(field(err, 'meta'), 'driverAdapterError'), 'cause');
  const parts = [field(err, 'code'), field(cause, 'kind'), field(cause, 'originalCode'), field(cause, 'originalMessage')];
  const message = String(field(err, 'message') ?? err)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  const underlying = field(err, 'cause');
  const causeMessage = underlying instanceof Error ? underlying.message : undefined;
  return [...parts, message, causeMessage].filter((p) => typeof p === 'string' && p).join(' | ');
}

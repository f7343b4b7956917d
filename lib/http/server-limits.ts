// What one client may hold of the server: how long it may take to send a request's headers and the
// whole request, how long an idle kept-alive connection stays, how many requests one connection
// carries, and how many connections are open at once. Without them ~20,000 idle connections used up
// the process's open files and every call failed. scripts/serve.ts applies them to its one server.
import type { IncomingMessage, Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { readFileSync } from 'node:fs';

export interface ServerLimits {
  /** A request's headers must be complete this long after its connection opened or its previous request ended (408, closed). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this (408, closed). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests one connection carries before the server closes it (0: no limit). */
  maxRequestsPerSocket: number;
  /** Connections open at once; beyond, a new connection is closed at once (existing ones go on). */
  maxConnections: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Five minutes (Node's default): a 200 MB body over a slow link. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_REQUESTS_PER_SOCKET = 1_000;
export const DEFAULT_MAX_CONNECTIONS = 10_000;
/** Open files kept for everything else (database, workers, Next.js's files) when the default cap follows the process's limit. */
const FILES_FOR_THE_REST = 256;

/**
 * The HTTP_* variables that were set (lib/config checks them: whole numbers above 0, 0 allowed for
 * HTTP_MAX_REQUESTS_PER_SOCKET, the request timeout at least the headers timeout); unset, a default.
 */
export type ServerLimitSettings = { readonly [K in keyof ServerLimits]?: number };

/** The limits: those set, and the defaults (some follow another value, or the process's open-files limit). */
export function serverLimits(settings: ServerLimitSettings, openFiles = openFilesLimit()): ServerLimits {
  const headersTimeoutMs = settings.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const fitting = openFiles === null ? DEFAULT_MAX_CONNECTIONS : Math.max(16, openFiles - FILES_FOR_THE_REST);
  return {
    headersTimeoutMs,
    requestTimeoutMs: settings.requestTimeoutMs ?? Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeoutMs),
    keepAliveTimeoutMs: settings.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    maxRequestsPerSocket: settings.maxRequestsPerSocket ?? DEFAULT_MAX_REQUESTS_PER_SOCKET,
    maxConnections: settings.maxConnections ?? Math.min(DEFAULT_MAX_CONNECTIONS, fitting),
  };
}

/** The options http.createServer needs for them (the timeouts are checked this often, not Node's 30 s). */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/**
 * Applies the limits that are properties of the server (set again: older Node versions ignore
 * some options), and makes room for new clients when the connections are nearly all taken: the
 * connection open longest without having sent a request's headers is closed for each new one
 * (idle connections cannot then keep everyone else out until the headers timeout). Node itself
 * closes a connection beyond maxConnections as soon as it is accepted.
 */
export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.maxConnections = limits.maxConnections;
  const roomAt = limits.maxConnections - Math.max(1, Math.floor(limits.maxConnections / 20));
  const waiting = new Set<Socket>(); // open, no complete request headers yet; oldest first
  let open = 0;
  server.on('connection', (socket: Socket) => {
    open++;
    if (open > roomAt) {
      const oldest = waiting.values().next().value;
      if (oldest) {
        waiting.delete(oldest);
        oldest.destroy();
      }
    }
    waiting.add(socket);
    socket.once('close', () => {
      open--;
      waiting.delete(socket);
    });
  });
  const started = (req: IncomingMessage) => waiting.delete(req.socket);
  server.on('request', started);
  server.on('upgrade', started); // (npm run dev's hot reload)
}

/** The process's soft limit of open files (Linux /proc), or null. */
export function openFilesLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft && /^\d+$/.test(soft) ? Number(soft) : null;
  } catch {
    return null;
  }
}

/** Whether a request target's path has a `%` escape that does not decode (bad hex, or not UTF-8): answered 400. */
export function hasMalformedPath(url: string): boolean {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

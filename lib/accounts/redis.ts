// The Redis client behind the quota store: Upstash's REST client when UPSTASH_REDIS_REST_URL is
// set, else any Redis through ioredis. @upstash/ratelimit only calls `evalsha` and, on NOSCRIPT,
// `eval`; its scripts start with `#!lua flags=allow-key-locking`, which Redis 7.0 rejects, so
// the ioredis connection strips that line and runs the script under its own SHA-1.
// Every command has a deadline (REDIS_TIMEOUT_MS): a Redis that is down, restarting, paused or
// silent makes the call fail with DependencyUnavailableError within it, never wait longer.
import { createHash } from 'node:crypto';
import { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis, type RedisOptions } from 'ioredis';
import { DependencyUnavailableError, withDeadline } from '../dependencies';
import { fallbackLogger } from '@/lib/observability/logger';

/** The slice of @upstash/redis that @upstash/ratelimit uses. */
export interface ScriptRedis {
  evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown>;
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
}

/** Runs synchronously just before a script goes out; it may throw to keep it from being sent. */
export type BeforeSend = () => void;

export interface RedisConnection {
  /** ScriptRedis, plus a check run just before each send. */
  evalsha(hash: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown>;
  eval(script: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown>;
  /**
   * The connection a command sent now goes out on. A new one means the client reconnected, and
   * the server may have restarted without its data. (Upstash's REST API: always the same.)
   */
  connection(): object;
  /** Called when the connection is lost (before any reconnection). */
  onConnectionLost(listener: () => void): void;
  /** Liveness check for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SHEBANG = /^#!lua[^\n]*\n/;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** Server replies that mean "not now" rather than "wrong command". */
const BUSY_REPLY = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY)\b/;

function unavailable(what: string, err: unknown): DependencyUnavailableError {
  return new DependencyUnavailableError('redis', `${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
}

/**
 * ioredis with deadlines. No offline queue and no resending after a reconnection: a command that
 * cannot go out now fails now (after waiting up to the deadline for a connection), and a command
 * is never sent after its caller was answered, nor twice. A connection that answers nothing (a
 * black hole, a frozen server) is dropped and made again: in its handshake after one deadline,
 * once established when a PING also goes unanswered after a command timed out.
 */
export class IORedisConnection implements RedisConnection {
  private readonly redis: IORedis;
  /** Upstash's hash of a script (with its shebang) -> the script we run. */
  private readonly scripts = new Map<string, { body: string; sha: string }>();
  private readonly lostListeners = new Set<() => void>();
  private ready: Promise<void> | null = null;
  private probing = false;

  constructor(
    url: string,
    private readonly timeoutMs: number,
    /** Where connection errors are told (the server's log, lib/services; the fallback log's stderr otherwise). */
    onError: (message: string) => void = (message) => fallbackLogger().warn({ component: 'redis', detail: message }, 'redis connection error'),
  ) {
    const options: RedisOptions = {
      connectTimeout: timeoutMs,
      commandTimeout: timeoutMs,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
      // Commands under way when the connection drops fail at once (not after reconnecting).
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
    };
    this.redis = new IORedis(url, options);
    this.redis.on('error', (err: Error) => onError(err.message));
    this.redis.on('connect', () => this.watchHandshake());
    this.redis.on('close', () => {
      for (const listener of this.lostListeners) listener();
    });
  }

  /** A server that accepts the connection but never completes the handshake: try again. */
  private watchHandshake(): void {
    const stream = this.redis.stream;
    setTimeout(() => {
      if (this.redis.status === 'connect' && this.redis.stream === stream) this.drop(stream);
    }, this.timeoutMs).unref();
  }

  /**
   * Ends a connection that answers nothing, at once: a polite close would wait for the silent
   * server too (ioredis's disconnectTimeout, 2 s). ioredis then reconnects as after any loss.
   */
  private drop(stream: IORedis['stream']): void {
    if (this.redis.stream === stream) stream.destroy();
  }

  connection(): object {
    return this.redis.stream;
  }

  onConnectionLost(listener: () => void): void {
    this.lostListeners.add(listener);
  }

  private async connected(deadline: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    if (this.redis.status === 'end') throw new DependencyUnavailableError('redis', 'the Redis client is closed');
    this.ready ??= new Promise<void>((resolve) => {
      this.redis.once('ready', () => {
        this.ready = null;
        resolve();
      });
    });
    await withDeadline(this.ready, deadline - Date.now(), 'redis', 'no connection to Redis');
  }

  /** Waits for a connection, runs `beforeSend` and sends in the same tick, and waits for the answer until the deadline. */
  private async send<T>(what: string, command: () => Promise<T>, beforeSend?: BeforeSend): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    await this.connected(deadline);
    beforeSend?.();
    const stream = this.redis.stream;
    try {
      return await withDeadline(command(), deadline - Date.now(), 'redis', what);
    } catch (err) {
      if (err instanceof DependencyUnavailableError || (err instanceof Error && err.message === 'Command timed out')) {
        this.probe(stream);
      }
      // A reply from the server is an answer (e.g. NOSCRIPT, a script error) unless it means "not now".
      if (err instanceof Error && err.name === 'ReplyError' && !BUSY_REPLY.test(err.message)) throw err;
      if (err instanceof DependencyUnavailableError) throw err;
      throw unavailable(what, err);
    }
  }

  /** After a timeout: if even PING goes unanswered, the connection is dead; make a new one. */
  private probe(stream: IORedis['stream']): void {
    if (this.probing) return;
    this.probing = true;
    this.redis
      .ping()
      .catch(() => this.drop(stream))
      .finally(() => {
        this.probing = false;
      });
  }

  async evalsha(hash: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown> {
    const known = this.scripts.get(hash);
    if (!known) throw new Error('NOSCRIPT this connection has not seen this script yet');
    const argv = args as string[];
    try {
      return await this.send('EVALSHA', () => this.redis.evalsha(known.sha, keys.length, ...keys, ...argv), beforeSend);
    } catch (err) {
      if (!`${err}`.includes('NOSCRIPT')) throw err;
      return this.send('EVAL', () => this.redis.eval(known.body, keys.length, ...keys, ...argv), beforeSend);
    }
  }

  async eval(script: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown> {
    const body = script.replace(SHEBANG, '');
    this.scripts.set(sha1(script), { body, sha: sha1(body) });
    return this.send('EVAL', () => this.redis.eval(body, keys.length, ...keys, ...(args as string[])), beforeSend);
  }

  async ping(): Promise<void> {
    await this.send('PING', () => this.redis.ping());
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** Upstash's REST API: one HTTPS request per command, each within the deadline. */
class UpstashConnection implements RedisConnection {
  private readonly identity = {};

  constructor(
    private readonly client: UpstashRedis,
    private readonly timeoutMs: number,
  ) {}

  private send<T>(what: string, command: () => Promise<T>, beforeSend?: BeforeSend): Promise<T> {
    beforeSend?.();
    return withDeadline(command(), this.timeoutMs, 'redis', what).catch((err: unknown) => {
      // UpstashError is Redis's own answer (NOSCRIPT included); anything else is the way there.
      if (err instanceof Error && (err.name === 'UpstashError' || err instanceof DependencyUnavailableError)) throw err;
      throw unavailable(what, err);
    });
  }

  evalsha(hash: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown> {
    return this.send('EVALSHA', () => this.client.evalsha(hash, keys, args), beforeSend);
  }

  eval(script: string, keys: string[], args: unknown[], beforeSend?: BeforeSend): Promise<unknown> {
    return this.send('EVAL', () => this.client.eval(script, keys, args), beforeSend);
  }

  connection(): object {
    return this.identity;
  }

  onConnectionLost(): void {}

  async ping(): Promise<void> {
    await this.send('PING', () => this.client.ping());
  }

  async close(): Promise<void> {}
}

/** Which Redis the configuration names (lib/config): UPSTASH_REDIS_REST_URL and _TOKEN, or REDIS_URL. */
export type RedisTarget =
  | { readonly kind: 'upstash'; readonly url: string; readonly token: string }
  | { readonly kind: 'redis'; readonly url: string };

/** A connection to `target` whose every command has `timeoutMs` (REDIS_TIMEOUT_MS), or null for none. */
export function connectRedis(target: RedisTarget | null, timeoutMs: number, onError?: (message: string) => void): RedisConnection | null {
  if (target?.kind === 'upstash') return new UpstashConnection(new UpstashRedis({ url: target.url, token: target.token }), timeoutMs);
  if (target?.kind === 'redis') return new IORedisConnection(target.url, timeoutMs, onError);
  return null;
}

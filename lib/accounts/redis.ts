// The Redis client behind @upstash/ratelimit: Upstash's REST client when UPSTASH_REDIS_REST_URL is
// set, else any Redis through ioredis. @upstash/ratelimit only calls `evalsha` and, on NOSCRIPT,
// `eval`; its scripts start with `#!lua flags=allow-key-locking`, which Redis 7.0 rejects, so
// the ioredis adapter strips that line and runs the script under its own SHA-1.
import { createHash } from 'node:crypto';
import { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';

/** The slice of @upstash/redis that @upstash/ratelimit uses. */
export interface ScriptRedis {
  evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown>;
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
}

export interface RedisConnection {
  client: ScriptRedis;
  /** Liveness check for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SHEBANG = /^#!lua[^\n]*\n/;
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export class IORedisScriptAdapter implements ScriptRedis {
  /** Upstash's hash of a script (with its shebang) -> the script we run. */
  private readonly scripts = new Map<string, { body: string; sha: string }>();

  constructor(private readonly redis: IORedis) {}

  async evalsha(hash: string, keys: string[], args: unknown[]): Promise<unknown> {
    const known = this.scripts.get(hash);
    if (!known) throw new Error('NOSCRIPT adapter has not seen this script yet');
    try {
      return await this.redis.evalsha(known.sha, keys.length, ...keys, ...(args as string[]));
    } catch (err) {
      if (!`${err}`.includes('NOSCRIPT')) throw err;
      return this.redis.eval(known.body, keys.length, ...keys, ...(args as string[]));
    }
  }

  async eval(script: string, keys: string[], args: unknown[]): Promise<unknown> {
    const body = script.replace(SHEBANG, '');
    this.scripts.set(sha1(script), { body, sha: sha1(body) });
    return this.redis.eval(body, keys.length, ...keys, ...(args as string[]));
  }
}

export function connectRedis(env: Record<string, string | undefined> = process.env): RedisConnection | null {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const client = new UpstashRedis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
    return {
      client: client as unknown as ScriptRedis,
      async ping() {
        await client.ping();
      },
      async close() {},
    };
  }
  if (env.REDIS_URL) {
    const redis = new IORedis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redis.on('error', (err) => console.error('[redis]', err.message));
    return {
      client: new IORedisScriptAdapter(redis),
      async ping() {
        await redis.ping();
      },
      async close() {
        redis.disconnect();
      },
    };
  }
  return null;
}

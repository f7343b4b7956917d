// The server's account services, created once per process: the database client, Redis (when
// configured) and the quota store that goes with them.
import 'server-only';
import { db } from '@/lib/db/client';
import { DatabaseQuotaStore, RedisQuotaStore, type QuotaStore } from '@/lib/accounts/quota';
import { connectRedis, type RedisConnection } from '@/lib/accounts/redis';

interface Runtime {
  redis: RedisConnection | null;
  quota: QuotaStore;
}

const holder = globalThis as typeof globalThis & { __yamljsonRuntime?: Runtime };

export function accountsRuntime(): Runtime {
  if (!holder.__yamljsonRuntime) {
    const redis = connectRedis();
    const quota = redis ? new RedisQuotaStore(db(), redis) : new DatabaseQuotaStore(db());
    holder.__yamljsonRuntime = { redis, quota };
    if (redis) {
      // Buffered usage counts are written before the process ends.
      const flush = () => void quota.flush();
      process.once('beforeExit', flush);
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => {
          quota.flush().finally(() => process.kill(process.pid, signal));
        });
      }
    }
  }
  return holder.__yamljsonRuntime;
}

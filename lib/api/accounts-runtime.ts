// The server's account services, created once per process: the database client, Redis (when
// configured), the quota store, and how API keys are looked up.
// - Redis configured: quotas in Redis (exact across instances), usage written in batches.
// - This process owns the embedded database (npm start's default): quota counts and key lookups
//   in memory, exact because no other server uses that database, and the database tells this
//   process about every key revocation, plan change and disabled account (NOTIFY), which empties
//   the key cache at once.
// - A PostgreSQL server (DATABASE_URL): one query per call for each, exact across instances.
import 'server-only';
import { authenticateApiKey, type KeyOwner } from '@/lib/accounts/api-keys';
import { KeyCache } from '@/lib/accounts/key-cache';
import { DatabaseQuotaStore, MemoryQuotaStore, RedisQuotaStore, type QuotaStore } from '@/lib/accounts/quota';
import { connectRedis, type RedisConnection } from '@/lib/accounts/redis';
import { isEmbeddedOwner, onAuthChange, setAccountsShutdown } from '@/lib/accounts/runtime-hooks';
import { db } from '@/lib/db/client';

interface Runtime {
  redis: RedisConnection | null;
  quota: QuotaStore;
  /** The account behind an API key, or null (unknown, revoked, account disabled). */
  findKeyOwner(secret: string): Promise<KeyOwner | null>;
}

const holder = globalThis as typeof globalThis & { __yamljsonRuntime?: Runtime };

export function accountsRuntime(): Runtime {
  if (!holder.__yamljsonRuntime) {
    const redis = connectRedis();
    const owner = isEmbeddedOwner();
    const quota: QuotaStore = redis ? new RedisQuotaStore(db(), redis) : owner ? new MemoryQuotaStore(db()) : new DatabaseQuotaStore(db());
    let findKeyOwner = (secret: string) => authenticateApiKey(db(), secret);
    if (owner) {
      const cache = new KeyCache(findKeyOwner);
      onAuthChange(() => cache.invalidateAll());
      findKeyOwner = (secret) => cache.get(secret);
    }
    holder.__yamljsonRuntime = { redis, quota, findKeyOwner };
    setAccountsShutdown(() => quota.flush());
  }
  return holder.__yamljsonRuntime;
}

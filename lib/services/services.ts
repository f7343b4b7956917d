// The server's services, built once by scripts/serve.ts from the configuration and passed to the
// code that needs them (the guards and handlers get them in their context; pages, next-auth's route
// and the proxy at their edge, from lib/services/seam.ts), the way unkey's key service takes
// New(Config{DB, RateLimiter, KeyCache}).
// - Redis configured: quotas in Redis (exact across instances), usage written in batches.
// - This process owns the embedded database (npm start's default): quota counts and key lookups
//   in memory, exact because no other server uses that database, and the database tells this
//   process about every key revocation, plan change and disabled account (NOTIFY), which empties
//   the key cache at once.
// - A PostgreSQL server (DATABASE_URL): one query per call for each, exact across instances.
import { availableParallelism } from 'node:os';
import { authenticateApiKey, KeyLastUse, type KeyOwner } from '@/lib/accounts/api-keys';
import { KeyCache } from '@/lib/accounts/key-cache';
import { KeyUsageRecorder } from '@/lib/accounts/key-usage/recorder';
import { DatabaseQuotaStore } from '@/lib/accounts/quota/database';
import type { QuotaStore } from '@/lib/accounts/quota/interface';
import { MemoryQuotaStore } from '@/lib/accounts/quota/memory';
import { RedisQuotaStore } from '@/lib/accounts/quota/redis';
import { connectRedis, type RedisConnection } from '@/lib/accounts/redis';
import { BodyGate, uploadsPerAccount } from '@/lib/api/body-gate';
import { Billing } from '@/lib/billing/billing';
import { createStripe } from '@/lib/billing/stripe-client';
import { ConversionPool, runLimits, workerFileIn } from '@/lib/api/run-converter';
import type { Config } from '@/lib/config';
import { createDb, type Db } from '@/lib/db/client';
import { PublicSite } from '@/lib/http/public-site';
import { serverLimits } from '@/lib/http/server-limits';
import { MailService, type RetryPolicy } from '@/lib/mail/mailer';
import { createLogger, type Logger } from '@/lib/observability/logger';
import { Metrics } from '@/lib/observability/metrics';
import { SessionSecret } from '@/lib/auth/session-secret';
import { AuthChanges } from './auth-changes';

export interface Services {
  readonly config: Config;
  /** `npm run dev`: Next.js's development server (its pages' policy allows what it needs). */
  readonly dev: boolean;
  /** The request path's database client, with its deadline (DATABASE_TIMEOUT_MS). */
  readonly db: Db;
  readonly redis: RedisConnection | null;
  readonly quota: QuotaStore;
  /** Per-key usage and the request log of keyed calls, buffered in memory and written in batches (lib/accounts/key-usage/). */
  readonly usage: KeyUsageRecorder;
  /** The account behind an API key, or null (unknown, revoked, account disabled). */
  findKeyOwner(secret: string): Promise<KeyOwner | null>;
  /** Each key's last use, written at most once a minute (the keyed guard touches it). */
  readonly keyLastUse: KeyLastUse;
  /** next-auth's signing secret: NEXTAUTH_SECRET, else the one stored in the database (read once). */
  readonly sessionSecret: SessionSecret;
  /** Where conversions run: the request thread under a deadline, or a worker. */
  readonly pool: ConversionPool;
  /** Request bodies at once: an account's of any size, and large ones per account and in all. */
  readonly bodyGate: BodyGate;
  /** The embedded database's auth-change notifications (heard only by the process that owns it). */
  readonly authChanges: AuthChanges;
  /** Outgoing mail: the outbox, delivered through SMTP_URL when set (lib/mail/mailer.ts). */
  readonly mail: MailService;
  /** The site's public origin (links in mails) and the host whose requests may cause mail (lib/http/public-site.ts). */
  readonly site: PublicSite;
  /** Paying for plans through Stripe (lib/billing/); null without STRIPE_SECRET_KEY, where the operator grants plans. */
  readonly billing: Billing | null;
  /** The server's log (pino, JSON lines; pretty under `npm run dev`): one line per request (with-api.ts), failures, the lifecycle. */
  readonly log: Logger;
  /** The server's Prometheus metrics, in a registry of their own (GET /api/metrics). */
  readonly metrics: Metrics;
  /** Writes what is buffered (usage counts) before the process ends. */
  shutdown(): Promise<void>;
}

export interface ServiceOptions {
  /** The database: DATABASE_URL's, or the URL of the embedded database's socket server. */
  databaseUrl: string;
  /**
   * This process owns the embedded database: it is the only server on it and sees every statement
   * run on it, so quota counts and key lookups may live in its memory. `authChanges` must then
   * receive the database's notifications.
   */
  embeddedOwner: boolean;
  authChanges?: AuthChanges;
  dev?: boolean;
  /** Mail delivery's retry delays (tests shorten them); lib/mail/mailer.ts's DEFAULT_RETRY otherwise. */
  mailRetry?: RetryPolicy;
  /** The log (scripts/serve.ts makes it first, to log the start); by default one from the configuration. */
  log?: Logger;
}

/**
 * Nothing connects here. The database's pool connects on its first query; Redis, the quota store
 * and the key lookup are made on the first call that needs one of them: an instance that has served
 * no keyed call holds no Redis connection, which could otherwise die unnoticed while idle and fail
 * its first calls until that is found out.
 */
export function createServices(config: Config, options: ServiceOptions): Services {
  const db = createDb(options.databaseUrl, 10, { timeoutMs: config.databaseTimeoutMs });
  const authChanges = options.authChanges ?? new AuthChanges();
  const log = options.log ?? createLogger({ level: config.logLevel, pretty: options.dev ?? false });
  let accounts: AccountServices | undefined;
  const accountsNow = () => (accounts ??= accountServices(config, db, options.embeddedOwner, authChanges, log));
  const usage = new KeyUsageRecorder(db, Date.now, (what, err) => log.error({ err, component: 'key-usage' }, what));
  const mail = new MailService(db, config.mail, options.mailRetry, log);
  const pool = new ConversionPool(
    runLimits(
      { cores: availableParallelism(), workerFile: workerFileIn(process.cwd()) },
      { memoryMb: config.conversionMemoryMb, timeoutMs: config.conversionTimeoutMs },
    ),
    {
      workerError: (err) => log.error({ err, component: 'conversion-pool' }, 'conversion worker error'),
      warn: (message) => log.warn({ component: 'conversion-pool' }, message),
    },
  );
  const metrics = new Metrics({ pool, processMetrics: true });
  const site = new PublicSite(config.siteOrigin);
  const billing = config.billing
    ? new Billing({ db, stripe: createStripe(config.billing), settings: config.billing, mail, origin: () => site.origin, log })
    : null;
  pool.observeConversions((direction, inputBytes, outputBytes, seconds) => metrics.conversion(direction, inputBytes, outputBytes, seconds));
  return {
    config,
    dev: options.dev ?? false,
    db,
    get redis() {
      return accountsNow().redis;
    },
    get quota() {
      return accountsNow().quota;
    },
    findKeyOwner: (secret) => accountsNow().findKeyOwner(secret),
    keyLastUse: new KeyLastUse(db, log),
    sessionSecret: new SessionSecret(db, config.authSecret),
    usage,
    pool,
    bodyGate: new BodyGate({
      ...config.largeBodies,
      uploadsPerAccount: uploadsPerAccount(config.uploadsPerAccount, serverLimits(config.http).maxConnections),
    }),
    authChanges,
    mail,
    site,
    billing,
    log,
    metrics,
    // Usage counts kept in memory or buffered (none if no keyed call was served), per-key usage and the request log; mail being sent.
    shutdown: async () => {
      billing?.shutdown();
      await Promise.all([accounts?.quota.flush(), usage.flush(), mail.shutdown()]);
    },
  };
}

type AccountServices = Pick<Services, 'redis' | 'quota' | 'findKeyOwner'>;

function accountServices(config: Config, db: Db, embeddedOwner: boolean, authChanges: AuthChanges, log: Logger): AccountServices {
  const redis = connectRedis(config.redis, config.redisTimeoutMs, (message) =>
    log.warn({ component: 'redis', detail: message }, 'redis connection error'),
  );
  const quota: QuotaStore = redis
    ? new RedisQuotaStore(db, redis, undefined, log)
    : embeddedOwner
      ? new MemoryQuotaStore(db, Date.now, log)
      : new DatabaseQuotaStore(db);
  let findKeyOwner = (secret: string) => authenticateApiKey(db, secret);
  if (embeddedOwner) {
    const cache = new KeyCache(findKeyOwner);
    authChanges.subscribe(() => cache.invalidateAll());
    findKeyOwner = (secret) => cache.get(secret);
  }
  return { redis, quota, findKeyOwner };
}

// The configuration: every environment variable, read once at start by scripts/serve.ts (and the
// operator commands scripts/admin.ts, scripts/db-migrate.ts), then handed to whatever needs it,
// inside lib/services' object. This is the one module that reads process.env.
import type { RedisTarget } from '@/lib/accounts/redis';
import type { BodyGateLimits } from '@/lib/api/body-gate';
import { databaseTarget, type DatabaseTarget } from '@/lib/db/target';
import type { TrustedProxies } from '@/lib/http/client-address';
import type { ServerLimitSettings } from '@/lib/http/server-limits';
import { EnvSchema, ENV_NAMES, type LogLevel } from './schema';
import { APP_VERSION } from './version';

export { DEFAULT_CONVERSION_MEMORY_MB, DEFAULT_CONVERSION_TIMEOUT_MS, DEFAULT_MAX_INPUT_BYTES, DEFAULT_PORT } from './defaults';
export { ENV_NAMES, LOG_LEVELS, type LogLevel } from './schema';
export { APP_VERSION } from './version';

export interface Config {
  /** The version reported by /api/health and the OpenAPI document. */
  version: string;
  /** PORT: where `npm start` listens unless -p says otherwise. */
  port: number;
  /** Public API paths through the node:http front (YAMLJSON_API_FRONT=off: through Next.js's route files). */
  apiFront: boolean;
  /** TRUSTED_PROXIES: whose X-Forwarded-* are believed. */
  trustedProxies: TrustedProxies;
  /** DATABASE_URL's server, or the embedded database's folder (YAMLJSON_DATA_DIR). */
  database: DatabaseTarget;
  /** Deadline of one database query, ms. */
  databaseTimeoutMs: number;
  /** REDIS_URL or Upstash's REST API, or none (quotas in memory or in the database). */
  redis: RedisTarget | null;
  /** Deadline of one Redis command, ms. */
  redisTimeoutMs: number;
  /** Input limit used when no guard sets a per-plan one. */
  maxInputBytes: number;
  /** Heap limit of one conversion worker, MB. */
  conversionMemoryMb: number;
  /** Time limit of one conversion in a worker, ms. */
  conversionTimeoutMs: number;
  /** Large request bodies at once (MAX_LARGE_BODIES_PER_ACCOUNT, MAX_LARGE_BODIES). */
  largeBodies: BodyGateLimits;
  /** MAX_UPLOADS_PER_ACCOUNT: one account's request bodies of any size at once (lib/services holds it to a tenth of the connection cap too). */
  uploadsPerAccount: number;
  /** The HTTP_* connection limits that were set (lib/http/server-limits.ts fills in the rest). */
  http: ServerLimitSettings;
  /** NEXTAUTH_URL: the site's public address, if set. */
  siteUrl: string | undefined;
  /** Its origin: what the dashboard's same-origin check expects instead of the request's Host. */
  siteOrigin: string | undefined;
  /** NEXTAUTH_URL is https: HSTS on every answer. */
  siteIsHttps: boolean;
  /** NEXTAUTH_SECRET (or AUTH_SECRET): signs session cookies; unset, one kept in the database is used. */
  authSecret: string | undefined;
  /** YAMLJSON_SELF_SERVE_UPGRADES=on: accounts may move themselves to a larger plan. */
  selfServeUpgrades: boolean;
  /** Outgoing mail: SMTP_URL (null: mails stay in the outbox and the log) and MAIL_FROM. */
  mail: MailSettings;
  /** LOG_LEVEL: the least severe level the log writes (pino's levels; `silent` writes nothing). */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the Bearer token of GET /api/metrics; unset, the path answers 404. */
  metricsToken: string | undefined;
  /** STRIPE_* and the rest of billing (lib/billing/); null without STRIPE_SECRET_KEY: plans are the operator's to grant. */
  billing: BillingSettings | null;
}

export interface BillingSettings {
  /** STRIPE_SECRET_KEY: what the server calls Stripe's API with. */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint (whsec_...). */
  webhookSecret: string;
  /** STRIPE_PRICE_PRO: the Pro prices; the first is the one sold, every one is Pro (prices kept by older subscriptions). */
  proPrices: readonly [string, ...string[]];
  /** STRIPE_API_URL: another Stripe API origin (stripe-mock, the tests' stand-in); null: Stripe's own. */
  apiUrl: string | null;
  /** BILLING_GRACE_DAYS: how long an account keeps its paid plan after a payment failed, in milliseconds. */
  graceMs: number;
  /** OPERATOR_EMAIL: where "talk to us" and support requests are mailed. */
  operatorEmail: string;
}

export interface MailSettings {
  smtpUrl: string | null;
  from: string;
}

/** MAIL_FROM's default: a name and an address at the site's host (or localhost). */
export const defaultMailFrom = (siteUrl: string | undefined) => `yamljson <no-reply@${siteUrl ? new URL(siteUrl).hostname : 'localhost'}>`;

type Env = Record<string, string | undefined>;

/** Parses and checks every variable of `env`; throws one readable error listing every bad value. */
export function loadConfig(env: Env): Config {
  // An empty value is an unset one (`FOO=` in a .env file).
  const parsed = EnvSchema.safeParse(Object.fromEntries(ENV_NAMES.map((name) => [name, env[name] || undefined])));
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`);
  const e = parsed.data;
  const siteUrl = e.NEXTAUTH_URL;
  return {
    version: APP_VERSION,
    port: e.PORT,
    apiFront: e.YAMLJSON_API_FRONT !== 'off',
    trustedProxies: e.TRUSTED_PROXIES,
    database: databaseTarget(e.DATABASE_URL, e.YAMLJSON_DATA_DIR),
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    redis: redisTarget(e.REDIS_URL, e.UPSTASH_REDIS_REST_URL, e.UPSTASH_REDIS_REST_TOKEN),
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    maxInputBytes: e.MAX_INPUT_BYTES,
    conversionMemoryMb: e.CONVERSION_MEMORY_MB,
    conversionTimeoutMs: e.CONVERSION_TIMEOUT_MS,
    largeBodies: { perAccount: e.MAX_LARGE_BODIES_PER_ACCOUNT, total: e.MAX_LARGE_BODIES },
    uploadsPerAccount: e.MAX_UPLOADS_PER_ACCOUNT,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxRequestsPerSocket: e.HTTP_MAX_REQUESTS_PER_SOCKET,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    },
    siteUrl,
    siteOrigin: siteUrl ? new URL(siteUrl).origin : undefined,
    siteIsHttps: (siteUrl ?? '').startsWith('https://'),
    authSecret: e.NEXTAUTH_SECRET || e.AUTH_SECRET,
    selfServeUpgrades: e.YAMLJSON_SELF_SERVE_UPGRADES === 'on',
    mail: { smtpUrl: e.SMTP_URL || null, from: e.MAIL_FROM || defaultMailFrom(siteUrl) },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    billing: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          proPrices: e.STRIPE_PRICE_PRO as [string, ...string[]],
          apiUrl: e.STRIPE_API_URL ?? null,
          graceMs: e.BILLING_GRACE_DAYS * 24 * 3600 * 1000,
          operatorEmail: e.OPERATOR_EMAIL!.trim().toLowerCase(),
        }
      : null,
  };
}

/**
 * Why the server must not start without NEXTAUTH_URL, or null: every link in a mail is built from it
 * (never from a request's Host), so a server that sends mail (SMTP_URL) or a production one on a
 * PostgreSQL server (`npm start` with DATABASE_URL, usually behind a proxy and a public name) needs it, and
 * so does one that sells plans (`npm start` with STRIPE_SECRET_KEY): Stripe sends the customer back to it.
 * The embedded default without SMTP_URL links to the address it listens on.
 */
export function siteUrlProblem(config: Config, { production }: { production: boolean }): string | null {
  if (config.siteOrigin) return null;
  const why = config.mail.smtpUrl
    ? 'SMTP_URL is set'
    : production && config.billing
      ? 'STRIPE_SECRET_KEY is set under `npm start`'
      : production && config.database.kind === 'server'
        ? 'DATABASE_URL is set under `npm start`'
        : null;
  if (why === null) return null;
  return `NEXTAUTH_URL is required when ${why}: links in mails${config.billing ? " and Stripe's return addresses" : ''} are built from it, never from a request (e.g. NEXTAUTH_URL=https://yamljson.example.com).`;
}

/** Upstash's REST API when both of its variables are set, else REDIS_URL, else none. */
function redisTarget(redisUrl: string | undefined, upstashUrl: string | undefined, upstashToken: string | undefined): RedisTarget | null {
  if (upstashUrl && upstashToken) return { kind: 'upstash', url: upstashUrl, token: upstashToken };
  if (redisUrl) return { kind: 'redis', url: redisUrl };
  return null;
}

/** The process's configuration, from its environment. Call once, at start. */
export function readConfig(): Config {
  return loadConfig(process.env);
}

/**
 * The two libraries that read process.env themselves, and cannot be given these values any other way:
 * - next-auth 4 takes the site's address from NEXTAUTH_URL, or else, only when AUTH_TRUST_HOST (or
 *   VERCEL) is set, from the request's Host (node_modules/next-auth/utils/detect-origin.js); with
 *   neither it has no address at all. yamljson's default is the request's Host.
 * - Next.js sends usage data to Vercel unless NEXT_TELEMETRY_DISABLED is set; the server does not.
 * Call before Next.js and next-auth run (scripts/serve.ts, right after readConfig()).
 */
export function exportForLibraries(config: Config): void {
  if (!config.siteUrl) process.env.AUTH_TRUST_HOST ||= '1';
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
}

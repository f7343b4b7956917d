// Every environment variable the server and its commands read, in one zod schema: each is parsed
// and checked once, at start (lib/config/index.ts), and a bad value stops the start with one line
// naming it. README's Configuration table and .env.example list the same names and defaults
// (test/unit/config-docs.test.ts holds the three together).
import { z } from 'zod';
import { DEFAULT_LARGE_BODIES, DEFAULT_LARGE_BODIES_PER_ACCOUNT, DEFAULT_UPLOADS_PER_ACCOUNT } from '@/lib/api/body-gate';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS } from '@/lib/dependencies';
import { parseTrustedProxies } from '@/lib/http/client-address';
import {
  DEFAULT_BILLING_GRACE_DAYS,
  DEFAULT_CONVERSION_MEMORY_MB,
  DEFAULT_CONVERSION_TIMEOUT_MS,
  DEFAULT_MAX_INPUT_BYTES,
  DEFAULT_PORT,
} from './defaults';
import { wholeNumber } from './whole-number';

/** LOG_LEVEL's values: pino's levels (lib/observability/logger.ts). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const DEPENDENCY_TIMEOUT = { unit: 'milliseconds', max: 9_999_999, showRange: true } as const;
const optionalText = z.string().optional();

/** The message of a check that threw (a parser shared with code outside the schema), without its own prefix. */
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/^Invalid configuration: /, '').replace(/\.$/, '');

export const EnvSchema = z
  .object({
    // The server (scripts/serve.ts).
    PORT: wholeNumber('PORT', { min: 0, max: 65_535, showRange: true }).default(DEFAULT_PORT),
    YAMLJSON_API_FRONT: optionalText,
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustedProxies(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: messageOf(err) });
          return z.NEVER;
        }
      }),
    // The database.
    DATABASE_URL: z
      .string()
      .transform((url) => url.trim())
      .refine((url) => url === '' || /^postgres(ql)?:\/\//.test(url), {
        message: 'DATABASE_URL must be a postgresql:// URL (or leave it unset to use the embedded database)',
      })
      .optional(),
    YAMLJSON_DATA_DIR: optionalText,
    DATABASE_TIMEOUT_MS: wholeNumber('DATABASE_TIMEOUT_MS', DEPENDENCY_TIMEOUT).default(DEFAULT_DEPENDENCY_TIMEOUT_MS),
    // Redis (quotas).
    REDIS_URL: optionalText,
    UPSTASH_REDIS_REST_URL: optionalText,
    UPSTASH_REDIS_REST_TOKEN: optionalText,
    REDIS_TIMEOUT_MS: wholeNumber('REDIS_TIMEOUT_MS', DEPENDENCY_TIMEOUT).default(DEFAULT_DEPENDENCY_TIMEOUT_MS),
    // Conversions and request bodies.
    MAX_INPUT_BYTES: wholeNumber('MAX_INPUT_BYTES', { unit: 'bytes' }).default(DEFAULT_MAX_INPUT_BYTES),
    CONVERSION_MEMORY_MB: wholeNumber('CONVERSION_MEMORY_MB', { unit: 'MB' }).default(DEFAULT_CONVERSION_MEMORY_MB),
    CONVERSION_TIMEOUT_MS: wholeNumber('CONVERSION_TIMEOUT_MS', { unit: 'milliseconds' }).default(DEFAULT_CONVERSION_TIMEOUT_MS),
    MAX_LARGE_BODIES_PER_ACCOUNT: wholeNumber('MAX_LARGE_BODIES_PER_ACCOUNT', { max: 999_999_999 }).default(DEFAULT_LARGE_BODIES_PER_ACCOUNT),
    MAX_LARGE_BODIES: wholeNumber('MAX_LARGE_BODIES', { max: 999_999_999 }).default(DEFAULT_LARGE_BODIES),
    MAX_UPLOADS_PER_ACCOUNT: wholeNumber('MAX_UPLOADS_PER_ACCOUNT', { max: 999_999_999 }).default(DEFAULT_UPLOADS_PER_ACCOUNT),
    // Connections (lib/http/server-limits.ts holds their defaults: some follow other values).
    HTTP_HEADERS_TIMEOUT_MS: wholeNumber('HTTP_HEADERS_TIMEOUT_MS', { max: 9_999_999_999 }).optional(),
    HTTP_REQUEST_TIMEOUT_MS: wholeNumber('HTTP_REQUEST_TIMEOUT_MS', { max: 9_999_999_999 }).optional(),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: wholeNumber('HTTP_KEEP_ALIVE_TIMEOUT_MS', { max: 9_999_999_999 }).optional(),
    HTTP_MAX_REQUESTS_PER_SOCKET: wholeNumber('HTTP_MAX_REQUESTS_PER_SOCKET', { min: 0, max: 9_999_999_999 }).optional(),
    HTTP_MAX_CONNECTIONS: wholeNumber('HTTP_MAX_CONNECTIONS', { max: 9_999_999_999 }).optional(),
    // Sign-in (next-auth) and accounts.
    NEXTAUTH_URL: z
      .string()
      .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), {
        message: "NEXTAUTH_URL must be the site's http:// or https:// address (e.g. https://yamljson.example.com)",
      })
      .optional(),
    NEXTAUTH_SECRET: optionalText,
    AUTH_SECRET: optionalText,
    YAMLJSON_SELF_SERVE_UPGRADES: optionalText,
    // Outgoing mail (lib/mail/): unset, mails stay in the outbox table and the server's log.
    SMTP_URL: z
      .string()
      .transform((url) => url.trim())
      .refine((url) => url === '' || (URL.canParse(url) && /^smtps?:$/.test(new URL(url).protocol)), {
        message:
          'SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtps://user:password@smtp.example.com:465), or unset to keep mails in the outbox',
      })
      .optional(),
    MAIL_FROM: optionalText,
    // Billing through Stripe (lib/billing/): unset STRIPE_SECRET_KEY, none of it exists and the operator grants plans.
    STRIPE_SECRET_KEY: z
      .string()
      .refine((key) => /^(sk|rk)_(test|live)_\S+$/.test(key), {
        message: 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_live_..., sk_test_..., rk_...)',
      })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .refine((secret) => /^whsec_\S+$/.test(secret), { message: "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...)" })
      .optional(),
    STRIPE_PRICE_PRO: z
      .string()
      .transform((list) => list.split(',').map((id) => id.trim()))
      .refine((ids) => ids.every((id) => /^price_\w+$/.test(id)), {
        message: 'STRIPE_PRICE_PRO must be Stripe price ids (price_...), comma-separated: the first is sold, every one counts as Pro',
      })
      .optional(),
    STRIPE_API_URL: z
      .string()
      .refine((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol) && new URL(url).pathname === '/', {
        message: "STRIPE_API_URL must be an http:// or https:// origin (e.g. http://localhost:12111 for stripe-mock), or unset for Stripe's own",
      })
      .optional(),
    BILLING_GRACE_DAYS: wholeNumber('BILLING_GRACE_DAYS', { min: 0, max: 365, unit: 'days', showRange: true }).default(DEFAULT_BILLING_GRACE_DAYS),
    OPERATOR_EMAIL: z
      .string()
      .refine((email) => /^[^\s@]+@[^\s@]+$/.test(email.trim()), { message: 'OPERATOR_EMAIL must be an email address' })
      .optional(),
    // The operator's view (lib/observability): the log's level, and the token of GET /api/metrics.
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    METRICS_TOKEN: z
      .string()
      .refine((token) => token.length >= 16 && !/\s/.test(token), {
        message: 'METRICS_TOKEN must be at least 16 characters without spaces (e.g. `openssl rand -hex 24`)',
      })
      .optional(),
  })
  .superRefine((env, ctx) => {
    const headers = env.HTTP_HEADERS_TIMEOUT_MS;
    const request = env.HTTP_REQUEST_TIMEOUT_MS;
    if (env.STRIPE_SECRET_KEY) {
      // Billing half configured would take money it cannot record, or offer a plan it cannot sell: all or nothing.
      const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO', 'OPERATOR_EMAIL'] as const).filter((name) => !env[name]);
      if (missing.length) {
        ctx.addIssue({ code: 'custom', message: `STRIPE_SECRET_KEY needs ${missing.join(', ')} too (README, Billing)`, path: ['STRIPE_SECRET_KEY'] });
      }
    }
    if (headers !== undefined && request !== undefined && request < headers) {
      ctx.addIssue({
        code: 'custom',
        message: 'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS',
        path: ['HTTP_REQUEST_TIMEOUT_MS'],
      });
    }
  });

/** The variables, by name: what README's table and .env.example must list. */
export type EnvName = keyof typeof EnvSchema.shape;
export const ENV_NAMES = Object.keys(EnvSchema.shape) as EnvName[];

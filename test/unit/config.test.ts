// lib/config: every variable checked at start, bad values named in one line; the services seam.
import { describe, expect, it } from 'vitest';
import { loadConfig, siteUrlProblem } from '@/lib/config';
import { services } from '@/lib/services/seam';
import { useServices } from '../helpers/services';

describe('loadConfig', () => {
  it('names every bad value at once, with what it takes and what it got', () => {
    expect(() => loadConfig({ MAX_LARGE_BODIES: '0', PORT: '70000', HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon' })).toThrow(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000"); MAX_LARGE_BODIES must be a whole number above 0 (got "0"); ' +
        'HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number above 0 (got "soon").',
    );
  });

  it('checks the URLs and the proxy list', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('Invalid configuration: DATABASE_URL must be a postgresql:// URL');
    expect(() => loadConfig({ NEXTAUTH_URL: 'yamljson.example.com' })).toThrow(
      "Invalid configuration: NEXTAUTH_URL must be the site's http:// or https:// address",
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      'Invalid configuration: TRUSTED_PROXIES entry "10.0.0.0/33" is not an IP address or CIDR range',
    );
  });

  it('treats an empty value as unset, and derives what the server uses', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: 'redis://r:6379', NEXTAUTH_URL: 'https://yamljson.example.com/app', AUTH_SECRET: 's' });
    expect(config.database.kind).toBe('embedded');
    expect(config.redis).toStrictEqual({ kind: 'redis', url: 'redis://r:6379' });
    expect([config.siteOrigin, config.siteIsHttps, config.authSecret]).toStrictEqual(['https://yamljson.example.com', true, 's']);
    expect(loadConfig({ REDIS_URL: 'redis://r', UPSTASH_REDIS_REST_URL: 'https://u', UPSTASH_REDIS_REST_TOKEN: 't' }).redis?.kind).toBe('upstash');
    expect(loadConfig({ NEXTAUTH_SECRET: 'a', AUTH_SECRET: 'b' }).authSecret).toBe('a');
    expect([loadConfig({ YAMLJSON_API_FRONT: 'off' }).apiFront, loadConfig({}).apiFront]).toStrictEqual([false, true]);
  });
});

describe('billing (STRIPE_*)', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    STRIPE_PRICE_PRO: 'price_new, price_old',
    OPERATOR_EMAIL: 'Ops@Example.com',
  };
  it('is off without STRIPE_SECRET_KEY, and with it needs the webhook secret, the price and the operator', () => {
    expect(loadConfig({}).billing).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO, OPERATOR_EMAIL too (README, Billing).',
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret",
    );
    expect(() => loadConfig({ ...stripe, STRIPE_PRICE_PRO: 'prod_1' })).toThrow('STRIPE_PRICE_PRO must be Stripe price ids');
    expect(() => loadConfig({ ...stripe, BILLING_GRACE_DAYS: '400' })).toThrow('BILLING_GRACE_DAYS must be a whole number of days from 0 to 365');
  });
  it('derives what billing uses: the prices (the first sold), the grace in ms, the operator lower-cased', () => {
    expect(loadConfig({ ...stripe, BILLING_GRACE_DAYS: '3' }).billing).toStrictEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      proPrices: ['price_new', 'price_old'],
      apiUrl: null,
      graceMs: 3 * 24 * 3600 * 1000,
      operatorEmail: 'ops@example.com',
    });
    expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).billing?.apiUrl).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' })).toThrow(
      'STRIPE_API_URL must be an http:// or https:// origin',
    );
  });
  it('needs NEXTAUTH_URL under npm start: Stripe sends the customer back to it', () => {
    expect(siteUrlProblem(loadConfig(stripe), { production: true })).toBe(
      "NEXTAUTH_URL is required when STRIPE_SECRET_KEY is set under `npm start`: links in mails and Stripe's return addresses are built from it, never from a request (e.g. NEXTAUTH_URL=https://yamljson.example.com).",
    );
    expect(siteUrlProblem(loadConfig(stripe), { production: false })).toBeNull();
  });
});

describe('siteUrlProblem: the servers that must be told their public address', () => {
  const smtp = { SMTP_URL: 'smtp://mail.example.com:25' };
  const pg = { DATABASE_URL: 'postgresql://db/yamljson' };
  it('a server that mails, or a production one on PostgreSQL, without NEXTAUTH_URL', () => {
    expect(siteUrlProblem(loadConfig(smtp), { production: false })).toBe(
      'NEXTAUTH_URL is required when SMTP_URL is set: links in mails are built from it, never from a request (e.g. NEXTAUTH_URL=https://yamljson.example.com).',
    );
    expect(siteUrlProblem(loadConfig(pg), { production: true })).toBe(
      'NEXTAUTH_URL is required when DATABASE_URL is set under `npm start`: links in mails are built from it, never from a request (e.g. NEXTAUTH_URL=https://yamljson.example.com).',
    );
  });
  it('none for the embedded default, development on PostgreSQL, or with NEXTAUTH_URL', () => {
    expect(siteUrlProblem(loadConfig({}), { production: true })).toBeNull();
    expect(siteUrlProblem(loadConfig(pg), { production: false })).toBeNull();
    expect(siteUrlProblem(loadConfig({ ...smtp, ...pg, NEXTAUTH_URL: 'https://yamljson.example.com' }), { production: true })).toBeNull();
  });
});

describe('the services seam', () => {
  it('says how to fix a missing install, and gives what was installed', () => {
    expect(() => services()).toThrow(/yamljson services are not installed: start the app with `npm start`/);
    const uninstall = useServices();
    try {
      expect(services().config.maxInputBytes).toBe(100_000_000);
    } finally {
      uninstall();
    }
    expect(() => services()).toThrow(/not installed/);
  });
});

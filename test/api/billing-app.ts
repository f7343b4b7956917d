// Billing's API tests: an app of their own with STRIPE_* pointing at the Stripe stand-in
// (test/helpers/stripe-stand-in.ts) started first, accounts signed in through the real sign-in, checkout
// paid at the stand-in, and its webhooks delivered signed to the app.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createDb, type Db } from '@/lib/db/client';
import type { PlanBody } from '@/lib/web/dashboard-types';
import { type AccountWithKey, createAccountWithKey, GOOD_PASSWORD } from '../helpers/fixtures';
import { StripeStandIn } from '../helpers/stripe-stand-in';
import { startEmbeddedApp, type EmbeddedApp } from '../setup/embedded-app';
import { TEST_PROXY_ADDRESS } from '../setup/test-proxy';
import { signIn } from './accounts';
import { randomClientAddress } from './via-proxy';

export const STRIPE_SECRET_KEY = 'sk_test_standin';
export const PRO_PRICE = 'price_pro_standin';
/** Pro's price at the stand-in: 19.00 USD a month. */
export const PRO_UNIT_AMOUNT = 1900;
export const OPERATOR_EMAIL = 'operator@yamljson.test';

export interface BillingApp {
  standIn: StripeStandIn;
  server: EmbeddedApp;
  base: string;
  /** The app's embedded database. */
  db: Db;
  webhookSecret: string;
}

/** Starts the stand-in, then the app pointed at it, for the file's tests; both stop after them. */
export function setUpBillingApp(logName: string, env: Record<string, string> = {}): BillingApp {
  const app = {} as BillingApp;
  beforeAll(async () => {
    app.webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
    app.standIn = await StripeStandIn.start({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: app.webhookSecret,
      prices: [{ id: PRO_PRICE, unitAmount: PRO_UNIT_AMOUNT, currency: 'usd' }],
    });
    app.server = await startEmbeddedApp({
      logName,
      email: `${logName}@yamljson.test`,
      plan: 'free',
      env: {
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: app.webhookSecret,
        STRIPE_PRICE_PRO: PRO_PRICE,
        STRIPE_API_URL: app.standIn.url,
        OPERATOR_EMAIL,
        TRUSTED_PROXIES: TEST_PROXY_ADDRESS,
        ...env,
      },
    });
    app.base = app.server.app.baseUrl;
    app.standIn.webhookUrl = `${app.base}/api/billing/webhook`;
    app.db = createDb(app.server.databaseUrl, 2);
  });
  afterAll(async () => {
    await app.standIn?.stop();
    await app.db?.$disconnect();
    await app.server?.stop();
  });
  return app;
}

export interface Customer extends AccountWithKey {
  /** The session cookie of the account's dashboard. */
  cookie: string;
}

/** A new Free account with a key, signed in. */
export async function newCustomer(app: BillingApp, label: string): Promise<Customer> {
  const account = await createAccountWithKey(app.db, { label });
  const { cookie, error } = await signIn(account.email, GOOD_PASSWORD, randomClientAddress(), app.base);
  if (!cookie) throw new Error(`sign-in failed: ${error}`);
  return { ...account, cookie };
}

/** A dashboard call: same origin, the session cookie. */
export function dashboard(app: BillingApp, cookie: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${app.base}${path}`, {
    method,
    headers: { Origin: app.base, ...(cookie ? { Cookie: cookie } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function planOf(app: BillingApp, customer: Customer): Promise<PlanBody> {
  const res = await dashboard(app, customer.cookie, 'GET', '/api/dashboard/plan');
  expect(res.status).toBe(200);
  return (await res.json()) as PlanBody;
}

/** Starts checkout for Pro; returns the stand-in's checkout session id. */
export async function startCheckout(app: BillingApp, customer: Customer): Promise<string> {
  const res = await dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/checkout', { plan: 'pro' });
  const body = (await res.json()) as { url: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.url.startsWith(`${app.standIn.url}/checkout/cs_test_`)).toBe(true);
  return body.url.slice(body.url.lastIndexOf('/') + 1);
}

/** Checkout paid at the stand-in and its webhooks delivered: the account is on Pro. Returns the subscription's and customer's ids. */
export async function subscribe(app: BillingApp, customer: Customer): Promise<{ subscription: string; stripeCustomer: string }> {
  const session = await startCheckout(app, customer);
  await app.standIn.send(...app.standIn.completeCheckout(session));
  await app.standIn.settled();
  const stored = app.standIn.sessions.get(session)!;
  return { subscription: stored.subscription as string, stripeCustomer: stored.customer as string };
}

/** A conversion of a document of `bytes` bytes with the account's key: 200 on a plan that takes it, 413 on one that does not. */
export function convertSized(app: BillingApp, key: string, bytes: number): Promise<Response> {
  const input = `a: "${'x'.repeat(bytes - 7)}"\n`;
  return fetch(`${app.base}/api/convert`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ input, inputType: 'yaml', outputType: 'json' }),
  });
}

/** The account's plan as the database holds it (what the key guards read). */
export async function storedPlan(app: BillingApp, userId: string): Promise<string> {
  return (await app.db.user.findUniqueOrThrow({ where: { id: userId } })).plan;
}

/** The mails of `kind` the outbox holds for `to`. */
export function mailsTo(app: BillingApp, to: string, kind: string) {
  return app.db.outboxMail.findMany({ where: { to, kind }, orderBy: { createdAt: 'asc' } });
}

// Paying for a plan, against an app whose Stripe is the stand-in: prices on the public pages, checkout
// (one customer per account, Stripe's return addresses on the site's origin whatever the Host, the return address
// granting nothing), Pro's limits at once, the move to Free at the period's end (and taken back), the Customer
// Portal, "talk to us" and support mailed to the operator, Stripe being down; and, on the shared app without
// STRIPE_SECRET_KEY, nothing of billing at all. The webhook cases are in billing-webhooks.test.ts.
import { describe, expect, it } from 'vitest';
import { PLAN_LIST } from '@/lib/accounts/plans';
import { GOOD_PASSWORD } from '../helpers/fixtures';
import { signedUpUser } from './accounts';
import {
  convertSized,
  dashboard,
  mailsTo,
  newCustomer,
  OPERATOR_EMAIL,
  planOf,
  PRO_PRICE,
  startCheckout,
  storedPlan,
  subscribe,
  setUpBillingApp,
} from './billing-app';
import { baseUrl, expectError } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

const app = setUpBillingApp('billing-server');

/** Two megabytes: over Free's 1 MB, under Pro's 10 MB. */
const TWO_MB = 2_000_000;

describe('prices on the public pages', () => {
  it('the pricing and landing pages show each plan with its price from Stripe, limits and features, and where to buy it', async () => {
    for (const path of ['/pricing', '/']) {
      const html = await (await fetch(`${app.base}${path}`)).text();
      expect(html).toContain('$19 a month');
      expect(html).toContain('href="/dashboard?choose=pro"');
      expect(html).toContain('Talk to us');
      for (const plan of PLAN_LIST) for (const feature of plan.features) expect(html).toContain(feature.replace(/"/g, '&quot;'));
      expect(html).toContain('10,000 requests per hour');
    }
    expect(app.standIn.calls).toContain(`GET /v1/prices/${PRO_PRICE}`);
  });
});

describe('checkout', () => {
  it('sends a Free account to Stripe Checkout for Pro with its own customer, made once', async () => {
    const customer = await newCustomer(app, 'checkout');
    const first = await startCheckout(app, customer);
    const second = await startCheckout(app, customer);
    const [a, b] = [app.standIn.sessions.get(first)!, app.standIn.sessions.get(second)!];
    expect(a.customer).toBe(b.customer);
    expect(app.standIn.customers.get(a.customer as string)).toMatchObject({ email: customer.email, metadata: { yamljson_account: customer.userId } });
    expect(a).toMatchObject({
      mode: 'subscription',
      client_reference_id: customer.userId,
      line_items: { 0: { price: PRO_PRICE, quantity: '1' } },
      success_url: `${app.base}/dashboard?checkout=success`,
      cancel_url: `${app.base}/dashboard?checkout=canceled`,
    });
    const row = await app.db.billingAccount.findUniqueOrThrow({ where: { userId: customer.userId } });
    expect(row.stripeCustomerId).toBe(a.customer);
  });

  it("builds Stripe's return addresses from the site's origin, never from the request's Host", async () => {
    const customer = await newCustomer(app, 'host');
    const res = await fetchViaProxy(`${app.base}/api/dashboard/billing/checkout`, {
      method: 'POST',
      headers: { Host: 'evil.example', Origin: app.base, Cookie: customer.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
      forwardedFor: randomClientAddress(),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const session = app.standIn.sessions.get(url.slice(url.lastIndexOf('/') + 1))!;
    expect([session.success_url, session.cancel_url]).toStrictEqual([
      `${app.base}/dashboard?checkout=success`,
      `${app.base}/dashboard?checkout=canceled`,
    ]);
  });

  it('the return address grants nothing: the plan changes when Stripe says the checkout is paid, with its limits at once', async () => {
    const customer = await newCustomer(app, 'pays');
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(413);
    const session = await startCheckout(app, customer);
    // Back on the success address without paying, and after paying but before Stripe's webhooks: still Free.
    expect((await fetch(`${app.base}/dashboard?checkout=success`, { headers: { Cookie: customer.cookie } })).status).toBe(200);
    const events = app.standIn.completeCheckout(session);
    expect((await planOf(app, customer)).plan).toBe('free');
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(413);
    await app.standIn.send(...events);
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    const converted = await convertSized(app, customer.key, TWO_MB);
    expect(converted.status).toBe(200);
    expect(converted.headers.get('x-ratelimit-limit')).toBe('10000');
    const body = await planOf(app, customer);
    const subscription = app.standIn.subscriptions.get(app.standIn.sessions.get(session)!.subscription as string)!;
    const periodEnd = new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString();
    expect(body).toStrictEqual({
      plan: 'pro',
      plans: PLAN_LIST,
      selfServeUpgrades: false,
      billing: {
        prices: { pro: { unitAmount: 1900, currency: 'usd', interval: 'month', intervalCount: 1 } },
        subscription: { plan: 'pro', status: 'active', renewsAt: periodEnd, endsAt: null },
        pending: null,
        paymentProblem: null,
        endedReason: null,
        canManage: true,
      },
    });
  });

  it('refuses checkout for a plan it does not sell, a plan the account has, and a second subscription', async () => {
    const customer = await newCustomer(app, 'refused');
    const checkout = (plan: string) => dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/checkout', { plan });
    await expectError(await checkout('enterprise'), 400, {
      code: 'bad_request',
      message: 'The Enterprise plan is not sold by checkout: use "Talk to us".',
    });
    await expectError(await checkout('free'), 400, { code: 'bad_request', message: 'The Free plan is not sold by checkout.' });
    await expectError(await checkout('gold'), 400, { code: 'bad_request', message: 'Unknown plan "gold".' });
    await subscribe(app, customer);
    await expectError(await checkout('pro'), 400, { code: 'bad_request', message: 'The account has the Pro plan already.' });
    await expectError(await dashboard(app, null, 'POST', '/api/dashboard/billing/checkout', { plan: 'pro' }), 401, {
      code: 'unauthorized',
      message: 'Sign in to use the dashboard.',
    });
  });

  it('an upgrade through the plan endpoint is sent to checkout (Pro) or "talk to us" (Enterprise)', async () => {
    const customer = await newCustomer(app, 'upgrade');
    await expectError(await dashboard(app, customer.cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' }), 403, {
      code: 'forbidden',
      message: "The Pro plan is bought through checkout: choose it on the dashboard's plan card.",
    });
    await expectError(await dashboard(app, customer.cookie, 'PUT', '/api/dashboard/plan', { plan: 'enterprise' }), 403, {
      code: 'forbidden',
      message: `The Enterprise plan is agreed with us: use "Talk to us" on the dashboard's plan card.`,
    });
    expect(await storedPlan(app, customer.userId)).toBe('free');
  });

  it('answers 503 with Retry-After when Stripe does not answer, and nothing changes', async () => {
    const customer = await newCustomer(app, 'outage');
    app.standIn.unavailable = true;
    try {
      const res = await dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/checkout', { plan: 'pro' });
      expect(res.headers.get('retry-after')).toBe('5');
      await expectError(res, 503, {
        code: 'unavailable',
        message: 'Checkout is not possible right now (Stripe answered 500); try again in a moment.',
      });
    } finally {
      app.standIn.unavailable = false;
    }
    expect(await app.db.billingAccount.findUnique({ where: { userId: customer.userId } })).toBeNull();
  });
});

describe('changing and leaving a plan', () => {
  it("moving to Free ends the subscription at the period's end, can be taken back, and Free comes when the period ends", async () => {
    const customer = await newCustomer(app, 'leaver');
    const { subscription, stripeCustomer } = await subscribe(app, customer);
    const periodEnd = new Date(app.standIn.subscriptions.get(subscription)!.items.data[0]!.current_period_end * 1000).toISOString();

    const down = await dashboard(app, customer.cookie, 'PUT', '/api/dashboard/plan', { plan: 'free' });
    expect(down.status).toBe(200);
    const pending = (await down.json()) as Awaited<ReturnType<typeof planOf>>;
    expect([pending.plan, pending.billing?.pending, pending.billing?.subscription?.endsAt]).toStrictEqual([
      'pro',
      { plan: 'free', at: periodEnd },
      periodEnd,
    ]);
    expect(app.standIn.subscriptions.get(subscription)!.cancel_at_period_end).toBe(true);
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(200);

    const kept = await dashboard(app, customer.cookie, 'PUT', '/api/dashboard/plan', { plan: 'pro' });
    expect(((await kept.json()) as Awaited<ReturnType<typeof planOf>>).billing?.pending).toBeNull();
    expect(app.standIn.subscriptions.get(subscription)!.cancel_at_period_end).toBe(false);

    expect((await dashboard(app, customer.cookie, 'PUT', '/api/dashboard/plan', { plan: 'free' })).status).toBe(200);
    await app.standIn.settled();
    await app.standIn.send(...app.standIn.advanceClock(stripeCustomer, 31 * 24 * 3600));
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(413);
    const after = await planOf(app, customer);
    expect([after.plan, after.billing?.subscription?.status, after.billing?.pending, after.billing?.endedReason]).toStrictEqual([
      'free',
      'canceled',
      null,
      'ended',
    ]);
    expect((await mailsTo(app, customer.email, 'plan_ended')).map((m) => m.subject)).toStrictEqual(['Your yamljson account is on the Free plan now']);
  });

  it("opens Stripe's Customer Portal for the account's own customer, returning to the dashboard", async () => {
    const customer = await newCustomer(app, 'portal');
    await expectError(await dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/portal'), 404, {
      code: 'not_found',
      message: 'The account has no billing yet: choose a plan first.',
    });
    const { stripeCustomer } = await subscribe(app, customer);
    const res = await dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/portal');
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`${app.standIn.url}/portal/bps_`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain(`href="${app.base}/dashboard"`);
    expect(app.standIn.calls.filter((c) => c === 'POST /v1/billing_portal/sessions')).toHaveLength(1);
    expect(stripeCustomer).toBe((await app.db.billingAccount.findUniqueOrThrow({ where: { userId: customer.userId } })).stripeCustomerId);
  });

  it('deleting the account ends its subscription at Stripe: it is charged no more', async () => {
    const customer = await newCustomer(app, 'deleted');
    const { subscription } = await subscribe(app, customer);
    const res = await dashboard(app, customer.cookie, 'DELETE', '/api/dashboard/account', { password: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(app.standIn.subscriptions.get(subscription)!.status).toBe('canceled');
    await app.standIn.settled();
    expect(await app.db.billingAccount.findUnique({ where: { userId: customer.userId } })).toBeNull();
  });

  it('a plan the operator granted is never lowered by billing', async () => {
    const customer = await newCustomer(app, 'granted');
    const { subscription } = await subscribe(app, customer);
    await app.db.user.update({ where: { id: customer.userId }, data: { plan: 'enterprise' } });
    app.standIn.subscriptions.get(subscription)!.status = 'canceled';
    await app.standIn.send(app.standIn.event('customer.subscription.deleted', app.standIn.subscriptions.get(subscription)!));
    expect(await storedPlan(app, customer.userId)).toBe('enterprise');
  });
});

describe('"talk to us" and support, mailed to the operator', () => {
  it('records an Enterprise request and mails it to OPERATOR_EMAIL with the command that grants it', async () => {
    const customer = await newCustomer(app, 'enterprise');
    const res = await dashboard(app, customer.cookie, 'POST', '/api/dashboard/billing/contact', {
      message: 'We convert 2 million documents a day.\nSLA 99.9%.',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; message: string; priority: boolean };
    expect(body).toStrictEqual({
      id: expect.stringMatching(/^req_/),
      message: `Thank you: we will write to ${customer.email} about the Enterprise plan.`,
      priority: false,
    });
    const [mail] = await mailsTo(app, OPERATOR_EMAIL, 'enterprise_request').then((mails) => mails.filter((m) => m.text.includes(customer.email)));
    expect(mail!.subject).toBe(`[Free] Enterprise request from ${customer.email}`);
    expect(mail!.text).toContain(`npm run admin -- set-plan --email ${customer.email} --plan enterprise`);
    expect(mail!.text).toContain('We convert 2 million documents a day.\nSLA 99.9%.');
    expect(await app.db.supportRequest.findUniqueOrThrow({ where: { id: body.id } })).toMatchObject({
      kind: 'enterprise',
      plan: 'free',
      email: customer.email,
    });
  });

  it("marks a Pro account's support request as priority; Free's is not", async () => {
    const free = await newCustomer(app, 'support-free');
    const pro = await newCustomer(app, 'support-pro');
    await subscribe(app, pro);
    for (const customer of [free, pro]) {
      const res = await dashboard(app, customer.cookie, 'POST', '/api/dashboard/support', { message: 'The 413 message names the wrong plan.' });
      expect(res.status).toBe(201);
    }
    const subjects = (await mailsTo(app, OPERATOR_EMAIL, 'support_request')).map((m) => m.subject);
    expect(subjects).toContain(`[Free] Support request from ${free.email}`);
    expect(subjects).toContain(`[Pro, priority] Support request from ${pro.email}`);
  });

  it('refuses an empty or oversized message, and more than 5 requests an hour', async () => {
    const customer = await newCustomer(app, 'chatty');
    const send = (message: string) => dashboard(app, customer.cookie, 'POST', '/api/dashboard/support', { message });
    await expectError(await send('  '), 400, { code: 'bad_request', message: 'Write a message.' });
    await expectError(await send('x'.repeat(5001)), 400, { code: 'bad_request', message: 'The message is 5,001 characters; at most 5,000.' });
    for (let i = 0; i < 5; i++) expect((await send(`question ${i}`)).status).toBe(201);
    const refused = await send('one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('without STRIPE_SECRET_KEY (the shared test app, as self-hosted)', () => {
  it('every billing route answers 404 before anything else, whatever the method or session', async () => {
    const { cookie } = await signedUpUser('no-billing');
    for (const path of [
      '/api/dashboard/billing/checkout',
      '/api/dashboard/billing/portal',
      '/api/dashboard/billing/contact',
      '/api/dashboard/support',
      '/api/billing/webhook',
    ]) {
      for (const [method, session] of [
        ['POST', cookie],
        ['POST', null],
        ['GET', cookie],
      ] as const) {
        const res = await fetch(`${baseUrl}${path}`, {
          method,
          headers: { Origin: baseUrl, ...(session ? { Cookie: session } : {}), ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
          body: method === 'POST' ? JSON.stringify({ plan: 'pro', message: 'hello' }) : undefined,
        });
        await expectError(res, 404, {
          code: 'not_found',
          message: `There is no API endpoint at ${path}. The endpoints are listed at /docs and in /api/openapi.json.`,
        });
      }
    }
  });

  it('the pages show no price and no checkout; the plan endpoint has no billing', async () => {
    for (const path of ['/pricing', '/']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html).not.toMatch(/plan-price-|a month|Talk to us|choose=pro|Price shown at checkout|Manage billing/);
      expect(html).toContain('the operator of this service grants larger plans');
    }
  });
});

describe('the public API document', () => {
  it('lists no billing or dashboard route (/api/openapi.json, which /docs renders)', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths);
    expect(paths.filter((p) => /billing|dashboard|support|account/.test(p))).toStrictEqual([]);
    expect(paths).toContain('/api/convert');
    const docs = await (await fetch(`${baseUrl}/docs`)).text();
    expect(docs).not.toMatch(/\/api\/(billing|dashboard)/);
  });
});

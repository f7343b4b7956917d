// Stripe's webhooks, the source of truth of paid plans, against an app whose Stripe is the stand-in: a delivery
// needs a valid, recent signature (no session, no key); each event is applied once (a duplicate or a replay changes
// nothing); events out of order end in the state Stripe has now; unknown events are ignored; a failed payment keeps
// the plan through the grace period (the owner mailed once), then Free; a refund or a dispute ends the plan; one
// account's customer never moves another account; a delivery Stripe could not be asked about is applied on retry.
import { describe, expect, it } from 'vitest';
import { Billing } from '@/lib/billing/billing';
import { createStripe } from '@/lib/billing/stripe-client';
import { loadConfig } from '@/lib/config';
import { MailService } from '@/lib/mail/mailer';
import { silentLogger } from '@/lib/observability/logger';
import {
  convertSized,
  type Customer,
  mailsTo,
  newCustomer,
  OPERATOR_EMAIL,
  PRO_PRICE,
  planOf,
  STRIPE_SECRET_KEY,
  startCheckout,
  storedPlan,
  subscribe,
  setUpBillingApp,
} from './billing-app';
import { expectError } from './helpers';

const app = setUpBillingApp('billing-webhooks-server');

const DAY_MS = 24 * 3600 * 1000;
const TWO_MB = 2_000_000;

const storedEvent = (id: string) => app.db.stripeEvent.findUnique({ where: { id } });

/** A Pro customer and its Stripe ids. */
async function proCustomer(label: string): Promise<Customer & { subscription: string; stripeCustomer: string }> {
  const customer = await newCustomer(app, label);
  return { ...customer, ...(await subscribe(app, customer)) };
}

/** A webhook event for `object` with a valid signature, but made by hand (the stand-in's state is not changed). */
const eventFor = (type: string, object: Record<string, unknown>) => app.standIn.event(type, object);

async function expectRefused(res: { status: number; body: Record<string, unknown> }): Promise<void> {
  expect(res).toStrictEqual({
    status: 400,
    body: {
      success: false,
      error: { code: 'bad_request', message: 'The webhook signature is missing, wrong or too old.', requestId: expect.stringMatching(/^req_/) },
    },
  });
}

describe('who may deliver', () => {
  it('refuses a wrong signature, a missing one, and an old one (a replayed delivery), and applies none of them', async () => {
    const customer = await newCustomer(app, 'forged');
    const session = await startCheckout(app, customer);
    const [created] = app.standIn.completeCheckout(session);
    await expectRefused(await app.standIn.deliver(created!, { secret: 'whsec_not_the_endpoints' }));
    await expectRefused(await app.standIn.deliver(created!, { signature: null }));
    await expectRefused(await app.standIn.deliver(created!, { signature: 't=1,v1=0000' }));
    await expectRefused(await app.standIn.deliver(created!, { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(await storedEvent(created!.id)).toBeNull();
    expect(await storedPlan(app, customer.userId)).toBe('free');
    // The same event, signed now by Stripe's secret: applied.
    expect((await app.standIn.deliver(created!)).body).toStrictEqual({ received: true, outcome: 'applied' });
    expect(await storedPlan(app, customer.userId)).toBe('pro');
  });

  it('needs no session or key, and takes no other body than JSON', async () => {
    const res = await fetch(app.standIn.webhookUrl!, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(415);
  });
});

describe('each event once, whatever the order', () => {
  it('a duplicate delivery (Stripe retrying, or someone replaying it freshly signed) changes nothing', async () => {
    const customer = await proCustomer('duplicate');
    const subscription = app.standIn.subscriptions.get(customer.subscription)!;
    const updated = eventFor('customer.subscription.updated', subscription);
    expect((await app.standIn.deliver(updated)).body).toStrictEqual({ received: true, outcome: 'applied' });
    expect(await storedEvent(updated.id)).toMatchObject({ type: 'customer.subscription.updated' });
    // Stripe's state moves on without telling (as if its event were still on the way): the old event again is not applied...
    subscription.status = 'canceled';
    expect((await app.standIn.deliver(updated)).body).toStrictEqual({ received: true, outcome: 'duplicate' });
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    // ...and the event that says so is.
    await app.standIn.send(eventFor('customer.subscription.deleted', subscription));
    expect(await storedPlan(app, customer.userId)).toBe('free');
  });

  it("applies the subscription's state at Stripe, not the event's: a checkout's events in reverse order, a late update after the deletion", async () => {
    const customer = await newCustomer(app, 'reversed');
    const events = app.standIn.completeCheckout(await startCheckout(app, customer));
    await app.standIn.send(...events.reverse());
    expect(await storedPlan(app, customer.userId)).toBe('pro');

    const subscriptionId = (await app.db.billingAccount.findUniqueOrThrow({ where: { userId: customer.userId } })).subscriptionId!;
    const subscription = app.standIn.subscriptions.get(subscriptionId)!;
    Object.assign(subscription, { cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });
    const update = eventFor('customer.subscription.updated', subscription);
    const ended = app.standIn.advanceClock(subscription.customer, 31 * 24 * 3600);
    expect(ended.map((e) => e.type)).toStrictEqual(['customer.subscription.deleted']);
    await app.standIn.send(...ended, update);
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await planOf(app, customer)).billing).toMatchObject({ pending: null, subscription: { status: 'canceled' } });
  });

  it("an old subscription's late deletion does not end the new one's plan", async () => {
    const customer = await proCustomer('resubscribed');
    const old = app.standIn.subscriptions.get(customer.subscription)!;
    old.status = 'canceled';
    const lateDeletion = eventFor('customer.subscription.deleted', old);
    await app.standIn.send(eventFor('customer.subscription.deleted', old));
    expect(await storedPlan(app, customer.userId)).toBe('free');
    await app.standIn.send(...app.standIn.completeCheckout(await startCheckout(app, customer)));
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    await app.standIn.send(lateDeletion);
    expect(await storedPlan(app, customer.userId)).toBe('pro');
  });

  it('acknowledges and ignores an event it does not handle, and one about a customer that is not an account of this service', async () => {
    const unknown = eventFor('customer.tax_id.created', { id: 'txi_1', object: 'tax_id', customer: 'cus_somebody' });
    expect((await app.standIn.deliver(unknown)).body).toStrictEqual({ received: true, outcome: 'ignored' });
    const stranger = eventFor('customer.subscription.updated', { id: 'sub_x', object: 'subscription', customer: 'cus_not_ours', status: 'active' });
    expect((await app.standIn.deliver(stranger)).body).toStrictEqual({ received: true, outcome: 'ignored' });
  });

  it("one account cannot take another's customer or subscription: an event naming account B but A's customer moves only A", async () => {
    const a = await newCustomer(app, 'owner-a');
    const b = await newCustomer(app, 'owner-b');
    const session = await startCheckout(app, a);
    const events = app.standIn.completeCheckout(session);
    // A checkout session as someone might forge it at Stripe: A's customer, B's account as the reference.
    const completed = events.find((e) => e.type === 'checkout.session.completed')!;
    (completed.data.object as { client_reference_id: string }).client_reference_id = b.userId;
    await app.standIn.send(completed);
    expect([await storedPlan(app, a.userId), await storedPlan(app, b.userId)]).toStrictEqual(['pro', 'free']);
    expect(await app.db.billingAccount.findUnique({ where: { userId: b.userId } })).toBeNull();
  });

  it('a delivery Stripe could not be asked about answers 503, is not recorded, and is applied when Stripe retries it', async () => {
    const customer = await newCustomer(app, 'retried');
    const [created] = app.standIn.completeCheckout(await startCheckout(app, customer));
    app.standIn.unavailable = true;
    try {
      const res = await app.standIn.deliver(created!);
      expect([res.status, (res.body.error as { code: string }).code]).toStrictEqual([503, 'unavailable']);
    } finally {
      app.standIn.unavailable = false;
    }
    expect(await storedEvent(created!.id)).toBeNull();
    expect((await app.standIn.deliver(created!)).body).toStrictEqual({ received: true, outcome: 'applied' });
    expect(await storedPlan(app, customer.userId)).toBe('pro');
  });
});

describe('failed payments', () => {
  it('keeps the plan through the grace period, mails the owner once, then falls to Free on the next event past it', async () => {
    const customer = await proCustomer('unpaid');
    const failure = app.standIn.failPayment(customer.subscription);
    await app.standIn.send(...failure);
    await app.standIn.send(failure[0]!); // the same event again: no second mail
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    const { billing } = await planOf(app, customer);
    const since = new Date(billing!.paymentProblem!.since).getTime();
    expect(new Date(billing!.paymentProblem!.graceEndsAt).getTime() - since).toBe(7 * DAY_MS);
    const mails = await mailsTo(app, customer.email, 'payment_failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your yamljson payment failed: the Pro plan stays until /);
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(200);

    // Stripe's next retry fails too, eight days after the first failure (the stored start moved back: the grace is over).
    await app.db.billingAccount.update({ where: { userId: customer.userId }, data: { paymentFailedAt: new Date(since - 8 * DAY_MS) } });
    await app.standIn.send(...app.standIn.failPayment(customer.subscription));
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(413);
    expect((await planOf(app, customer)).billing).toMatchObject({ endedReason: 'payment', paymentProblem: null });
    const ended = await mailsTo(app, customer.email, 'plan_ended');
    expect(ended.map((m) => m.text.includes('no payment succeeded within the grace period'))).toStrictEqual([true]);
    expect(await mailsTo(app, customer.email, 'payment_failed')).toHaveLength(1);

    // The card is fixed and Stripe's retry succeeds: Pro again.
    await app.standIn.send(...app.standIn.recoverPayment(customer.subscription));
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    expect((await planOf(app, customer)).billing).toMatchObject({ paymentProblem: null, endedReason: null });
  });

  it('without any event, the sweep ends a grace period that ran out (its clock injected) and the key gets Free limits at once', async () => {
    const customer = await proCustomer('swept');
    await app.standIn.send(...app.standIn.failPayment(customer.subscription));
    const config = loadConfig({
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: app.webhookSecret,
      STRIPE_PRICE_PRO: PRO_PRICE,
      STRIPE_API_URL: app.standIn.url,
      OPERATOR_EMAIL,
    }).billing!;
    const billing = new Billing({
      db: app.db,
      stripe: createStripe(config),
      settings: config,
      mail: new MailService(app.db, { smtpUrl: null, from: 'yamljson tests <billing@yamljson.test>' }),
      origin: () => app.base,
      log: silentLogger(),
    });
    expect(await billing.sweep(new Date(Date.now() + 6 * DAY_MS))).toBe(0);
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    expect(await billing.sweep(new Date(Date.now() + 8 * DAY_MS))).toBeGreaterThanOrEqual(1);
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await convertSized(app, customer.key, TWO_MB)).status).toBe(413);
  });
});

describe('refunds and disputes', () => {
  it('a full refund ends the subscription at Stripe and the plan with it; a partial one (a goodwill credit) does not', async () => {
    const customer = await proCustomer('refunded');
    const charge = app.standIn.latestCharge(customer.stripeCustomer);
    await app.standIn.send(...app.standIn.refund(charge, 500));
    expect(await storedPlan(app, customer.userId)).toBe('pro');
    await app.standIn.send(...app.standIn.refund(charge));
    await app.standIn.settled();
    expect(app.standIn.subscriptions.get(customer.subscription)!.status).toBe('canceled');
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await planOf(app, customer)).billing).toMatchObject({ endedReason: 'refund' });
    expect((await mailsTo(app, customer.email, 'plan_ended'))[0]!.text).toContain('its payment was refunded');
  });

  it('a dispute ends the subscription and the plan', async () => {
    const customer = await proCustomer('disputed');
    await app.standIn.send(...app.standIn.dispute(app.standIn.latestCharge(customer.stripeCustomer)));
    await app.standIn.settled();
    expect(app.standIn.subscriptions.get(customer.subscription)!.status).toBe('canceled');
    expect(await storedPlan(app, customer.userId)).toBe('free');
    expect((await planOf(app, customer)).billing).toMatchObject({ endedReason: 'dispute' });
  });
});

describe('the endpoint', () => {
  it('answers a GET with 405, as a route that takes only POST', async () => {
    await expectError(await fetch(app.standIn.webhookUrl!), 405, { code: 'method_not_allowed', message: expect.any(String) });
  });
});

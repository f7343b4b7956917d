// Paying for a plan with Stripe (part of lib/services: `services.billing`, null without STRIPE_SECRET_KEY).
// - Checkout: the account's own Stripe customer (made once, on its first checkout) pays on Stripe's page; no card
//   data reaches this service, and the return address grants nothing: the plan changes when Stripe says so.
// - Stripe's Customer Portal: card, invoices, cancellation.
// - Webhooks are the source of truth. Each is checked against its signature (and its age), applied once (its id
//   is stored), and applied by reading the customer's subscriptions from Stripe again: the plan follows their
//   state now, not the event, so events arriving late, twice or out of order end in the same plan.
// - The plan is written to "User"."plan" like any other change (the embedded key cache is emptied by the
//   database's notification), so limits follow at once on every instance. Time-based ends (a period's end after
//   a cancellation, a grace period's end after a failed payment) are applied by a sweep every minute and when the
//   dashboard reads the plan.
import { planRank, PLANS, type PlanId } from '@/lib/accounts/plans';
import type { PublicUser } from '@/lib/accounts/public-user';
import type { BillingSettings } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { BillingAccount, Prisma } from '@/lib/db/generated/client';
import { ApiError, isApiError } from '@/lib/errors/api-error';
import type { MailSender } from '@/lib/mail/mailer';
import { paymentFailedMail, planEndedMail } from '@/lib/mail/messages';
import type { OutboxMail } from '@/lib/mail/outbox';
import type { Logger } from '@/lib/observability/logger';
import {
  type EndReason,
  entitlement,
  governing,
  graceEnd,
  hasPaymentProblem,
  isCheckoutPlan,
  isLive,
  pendingChange,
  planDecision,
  type SubscriptionState,
} from './entitlement';
import { type Stripe, stripeUnavailable } from './stripe-client';

/** A plan's price as Stripe holds it (STRIPE_PRICE_PRO's first id), for the pages. */
export interface PriceView {
  /** In the currency's smallest unit (cents), as Stripe gives it. */
  unitAmount: number;
  currency: string;
  interval: string;
  intervalCount: number;
}

/** What the dashboard shows of the account's billing (GET /api/dashboard/plan's `billing`). */
export interface BillingView {
  /** The price of each plan sold by checkout; null when Stripe could not be asked (the page says "shown at checkout"). */
  prices: Partial<Record<PlanId, PriceView | null>>;
  /** The subscription the plan follows, if the account has had one. */
  subscription: { plan: PlanId | null; status: string; renewsAt: string | null; endsAt: string | null } | null;
  /** The change it has coming (to Free at the period's end after a cancellation). */
  pending: { plan: PlanId; at: string } | null;
  /** A payment failed: the plan stays until `graceEndsAt`, then Free, unless a payment succeeds. */
  paymentProblem: { since: string; graceEndsAt: string } | null;
  /** Why billing last moved the account to Free (shown once the subscription is over). */
  endedReason: EndReason | null;
  /** The account has a Stripe customer: "Manage billing" opens the Customer Portal. */
  canManage: boolean;
}

/** The events applied; any other is acknowledged and ignored (README, Billing, lists them for the endpoint's setup). */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/** Signatures older than this are refused (Stripe signs each delivery, retries included, when it sends it). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How often lapsed plans are looked for (a period's or a grace period's end): a plan ends at most this late. */
export const SWEEP_INTERVAL_MS = 60_000;
/** Applied event ids are kept this long: Stripe retries an event for up to 3 days. */
const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;
/** Prices change rarely; the pages ask Stripe at most this often. */
const PRICE_CACHE_MS = 10 * 60_000;
/** How long a page waits for a price from Stripe. */
const PRICE_TIMEOUT_MS = 3_000;
/** After Stripe failed to give a price, the pages stop asking for this long. */
const PRICE_RETRY_MS = 60_000;

export interface BillingDeps {
  db: Db;
  stripe: Stripe;
  settings: BillingSettings;
  mail: MailSender;
  /** The site's public origin (lib/http/public-site.ts): Stripe's return addresses and the links in mails. */
  origin: () => string;
  log: Logger;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
const seconds = (at: number | null | undefined) => (at ? new Date(at * 1000) : null);

export class Billing {
  private readonly planOfPrice: ReadonlyMap<string, PlanId>;
  private priceCache: { at: number; prices: BillingView['prices'] } | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly deps: BillingDeps) {
    this.planOfPrice = new Map(deps.settings.proPrices.map((price) => [price, 'pro' as const]));
  }

  /** A call to Stripe failed: logged with Stripe's own message for the operator (a bad price id, a revoked key), answered 503. */
  private unavailable(what: string, err: unknown): ApiError {
    this.deps.log.error({ component: 'billing', err }, `${what}: the call to Stripe failed`);
    return stripeUnavailable(what, err);
  }

  /** OPERATOR_EMAIL: where "talk to us" and support requests go. */
  get operatorEmail(): string {
    return this.deps.settings.operatorEmail;
  }

  /** The price of each plan sold by checkout, from Stripe (cached; null for one Stripe did not give). */
  async prices(): Promise<BillingView['prices']> {
    const cached = this.priceCache;
    if (cached && Date.now() - cached.at < (Object.values(cached.prices).includes(null) ? PRICE_RETRY_MS : PRICE_CACHE_MS)) return cached.prices;
    const id = this.deps.settings.proPrices[0];
    let pro: PriceView | null = null;
    try {
      // A page waits for this: one short try, not the client's retries (a failure is shown as "price at checkout").
      const price = await this.deps.stripe.prices.retrieve(id, {}, { timeout: PRICE_TIMEOUT_MS, maxNetworkRetries: 0 });
      if (price.unit_amount !== null && price.recurring) {
        pro = {
          unitAmount: price.unit_amount,
          currency: price.currency,
          interval: price.recurring.interval,
          intervalCount: price.recurring.interval_count,
        };
      } else {
        this.deps.log.error({ component: 'billing', price: id }, 'STRIPE_PRICE_PRO is not a recurring price with an amount');
      }
    } catch (err) {
      this.deps.log.warn({ component: 'billing', err, price: id }, 'could not read the price from Stripe');
    }
    this.priceCache = { at: Date.now(), prices: { pro } };
    return this.priceCache.prices;
  }

  /** The dashboard's view of the account's billing; a time-based end that is due is applied first. */
  async view(user: PublicUser, now = new Date()): Promise<BillingView> {
    let row = await this.deps.db.billingAccount.findUnique({ where: { userId: user.id } });
    if (row && this.lapsed(row, now)) row = (await this.settle(row.userId, now)) ?? row;
    const state = stateOf(row);
    // A payment problem is shown while the plan is kept; past the grace period the account is on Free (endedReason says why).
    const graceEndsAt = row?.paymentFailedAt && hasPaymentProblem(state) ? graceEnd(row.paymentFailedAt, this.deps.settings.graceMs) : null;
    const grace = graceEndsAt && graceEndsAt > now ? graceEndsAt : null;
    const pending = pendingChange(state, now);
    return {
      prices: await this.prices(),
      subscription: state
        ? {
            plan: state.plan,
            status: state.status,
            renewsAt: isLive(state.status) && !state.cancelAt ? (state.currentPeriodEnd?.toISOString() ?? null) : null,
            endsAt: state.cancelAt?.toISOString() ?? null,
          }
        : null,
      pending: pending ? { plan: pending.plan, at: pending.at.toISOString() } : null,
      paymentProblem: grace && row?.paymentFailedAt ? { since: row.paymentFailedAt.toISOString(), graceEndsAt: grace.toISOString() } : null,
      endedReason: (row?.endedReason as EndReason | null) ?? null,
      canManage: row !== null,
    };
  }

  /** Stripe Checkout for `plan` (one sold by checkout): the address of Stripe's page. */
  async checkout(user: PublicUser, plan: PlanId): Promise<{ url: string }> {
    if (!isCheckoutPlan(plan)) {
      throw new ApiError('bad_request', `The ${PLANS[plan].name} plan is not sold by checkout${plan === 'enterprise' ? ': use "Talk to us"' : ''}.`);
    }
    if (planRank(user.plan) >= planRank(plan)) throw new ApiError('bad_request', `The account has the ${PLANS[user.plan].name} plan already.`);
    const row = await this.deps.db.billingAccount.findUnique({ where: { userId: user.id } });
    if (row?.subscriptionStatus && isLive(row.subscriptionStatus)) {
      throw new ApiError('bad_request', 'The account has a subscription already: change it with "Manage billing".');
    }
    const customer = row?.stripeCustomerId ?? (await this.customerFor(user));
    const origin = this.deps.origin();
    try {
      const session = await this.deps.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: this.deps.settings.proPrices[0], quantity: 1 }],
        // The return addresses are the site's (NEXTAUTH_URL), never the request's Host; they grant nothing themselves.
        success_url: `${origin}/dashboard?checkout=success`,
        cancel_url: `${origin}/dashboard?checkout=canceled`,
        subscription_data: { metadata: { yamljson_account: user.id } },
        metadata: { yamljson_account: user.id },
      });
      if (!session.url) throw new Error('Stripe made a checkout session without a URL');
      return { url: session.url };
    } catch (err) {
      throw this.unavailable('Checkout', err);
    }
  }

  /** Stripe's Customer Portal (card, invoices, cancellation) for the account's customer. */
  async portal(user: PublicUser): Promise<{ url: string }> {
    const row = await this.deps.db.billingAccount.findUnique({ where: { userId: user.id } });
    if (!row) throw new ApiError('not_found', 'The account has no billing yet: choose a plan first.');
    try {
      const session = await this.deps.stripe.billingPortal.sessions.create({
        customer: row.stripeCustomerId,
        return_url: `${this.deps.origin()}/dashboard`,
      });
      return { url: session.url };
    } catch (err) {
      throw this.unavailable('Billing', err);
    }
  }

  /**
   * A plan change the dashboard asks for, when the account's plan follows a live subscription: Free ends it at
   * the period's end; its own plan again takes that back. Null when the change is not billing's (no live
   * subscription): the caller changes the plan as without billing.
   */
  async changePlan(user: PublicUser, plan: PlanId): Promise<'scheduled' | 'resumed' | null> {
    const row = await this.deps.db.billingAccount.findUnique({ where: { userId: user.id } });
    const state = stateOf(row);
    if (!row || !state || !isLive(state.status) || row.grantedPlan !== user.plan) return null;
    let cancel: boolean;
    if (plan === 'free') cancel = true;
    else if (plan === state.plan) {
      if (!state.cancelAt) return 'resumed';
      cancel = false;
    } else return null;
    const readAt = new Date();
    try {
      await this.deps.stripe.subscriptions.update(state.id, { cancel_at_period_end: cancel });
    } catch (err) {
      throw this.unavailable('Changing the plan', err);
    }
    await this.syncCustomer(row.stripeCustomerId, readAt);
    return cancel ? 'scheduled' : 'resumed';
  }

  /**
   * A webhook delivery: the signature and its age are checked (400 otherwise), an event applied before is
   * acknowledged and nothing else (a duplicate, a replay), an unknown type is ignored, and any other is applied
   * from the customer's state at Stripe now. The event id is stored once it is applied: a delivery that failed
   * half way (Stripe did not answer: 503) is applied again when Stripe retries it.
   */
  async webhook(payload: Uint8Array, signature: string | null): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = this.deps.stripe.webhooks.constructEvent(
        Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength),
        signature,
        this.deps.settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (err) {
      this.deps.log.warn({ component: 'billing', reason: err instanceof Error ? err.message : String(err) }, 'webhook refused');
      throw new ApiError('bad_request', 'The webhook signature is missing, wrong or too old.');
    }
    if (await this.deps.db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';
    const applied = await this.apply(event);
    try {
      await this.deps.db.stripeEvent.create({ data: { id: event.id, type: event.type } });
    } catch (err) {
      // Delivered twice at once: both read the same state, so both did the same.
      if (!isUniqueViolation(err)) throw err;
      return 'duplicate';
    }
    this.deps.log.info({ component: 'billing', eventId: event.id, type: event.type, outcome: applied }, 'webhook');
    return applied;
  }

  private async apply(event: Stripe.Event): Promise<WebhookOutcome> {
    const readAt = new Date();
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'charge.refunded':
      case 'charge.dispute.created': {
        const chargeId = event.type === 'charge.refunded' ? idOf(object.id as string) : idOf(object.charge as string);
        return chargeId ? this.takeBack(chargeId, event.type === 'charge.refunded' ? 'refund' : 'dispute') : 'ignored';
      }
      default: {
        if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
        const customer = idOf(object.customer as string | { id: string } | null);
        return customer && (await this.syncCustomer(customer, readAt)) ? 'applied' : 'ignored';
      }
    }
  }

  /**
   * A refunded (in full) or disputed payment: the customer's live subscriptions that it paid for (those that began
   * before it) end now at Stripe, and the plan with them. A partial refund is a goodwill credit: the plan stays.
   */
  private async takeBack(chargeId: string, reason: 'refund' | 'dispute'): Promise<WebhookOutcome> {
    const readAt = new Date();
    try {
      const charge = await this.deps.stripe.charges.retrieve(chargeId);
      const customer = idOf(charge.customer);
      if (!customer || (reason === 'refund' && !charge.refunded)) return 'ignored';
      const row = await this.deps.db.billingAccount.findUnique({ where: { stripeCustomerId: customer } });
      if (!row) return 'ignored';
      const { data } = await this.deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
      for (const subscription of data) {
        if (isLive(subscription.status) && subscription.created <= charge.created) await this.deps.stripe.subscriptions.cancel(subscription.id);
      }
      return (await this.syncCustomer(customer, readAt, reason)) ? 'applied' : 'ignored';
    } catch (err) {
      if (isApiError(err)) throw err;
      throw this.unavailable('Applying the event', err);
    }
  }

  /**
   * Reads the customer's subscriptions from Stripe and applies the governing one's state to the account (false:
   * the customer is not one of ours). `readAt`, taken before the read, orders concurrent applications.
   */
  private async syncCustomer(customer: string, readAt: Date, reason?: EndReason): Promise<boolean> {
    const row = await this.deps.db.billingAccount.findUnique({ where: { stripeCustomerId: customer } });
    if (!row) {
      this.deps.log.info({ component: 'billing', customer }, 'webhook for a customer that is not an account of this service: ignored');
      return false;
    }
    let subscriptions: Stripe.Subscription[];
    try {
      subscriptions = (await this.deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 })).data;
    } catch (err) {
      throw this.unavailable('Applying the event', err);
    }
    // Listed by customer, so every one is this account's; checked again rather than trusted.
    const own = governing(subscriptions.filter((s) => idOf(s.customer) === customer));
    await this.settle(row.userId, new Date(), { state: own ? this.stateOfSubscription(own) : null, readAt, reason });
    return true;
  }

  private stateOfSubscription(subscription: Stripe.Subscription): SubscriptionState {
    const item = subscription.items.data[0];
    const periodEnd = seconds(item?.current_period_end);
    return {
      id: subscription.id,
      status: subscription.status,
      plan: (item && this.planOfPrice.get(item.price.id)) ?? null,
      currentPeriodEnd: periodEnd,
      cancelAt: seconds(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEnd : null),
    };
  }

  /**
   * Decides the account's plan and writes it, under the billing row's lock: from a state just read from Stripe
   * (dropped if a later read was written meanwhile), or from the stored state when only time has passed.
   * Mails the owner when a payment problem begins and when billing moves the account to Free.
   */
  private async settle(
    userId: string,
    now: Date,
    read?: { state: SubscriptionState | null; readAt: Date; reason?: EndReason },
  ): Promise<BillingAccount | null> {
    const origin = this.deps.origin();
    const outcome = await this.deps.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM "BillingAccount" WHERE "userId" = ${userId} FOR UPDATE`;
      const row = await tx.billingAccount.findUnique({ where: { userId }, include: { user: true } });
      if (!row || (read && row.stateReadAt > read.readAt)) return null;
      const state = read ? read.state : stateOf(row);
      const paymentFailedAt = hasPaymentProblem(state) ? (row.paymentFailedAt ?? now) : null;
      const entitled = entitlement(state, paymentFailedAt, now, this.deps.settings.graceMs);
      const current = row.user.plan as PlanId;
      const decided = planDecision(current, row.grantedPlan as PlanId | null, entitled.plan);
      const lowered = decided.plan === 'free' && current !== 'free';
      const endedReason: EndReason | null = lowered
        ? (read?.reason ?? entitled.reason ?? 'ended')
        : entitled.plan === 'free'
          ? (row.endedReason as EndReason | null)
          : null;
      const mails: Array<Prisma.PrismaPromise<OutboxMail>> = [];
      if (decided.plan !== current) await tx.user.update({ where: { id: userId }, data: { plan: decided.plan } });
      if (lowered) mails.push(this.deps.mail.insert(tx, planEndedMail(row.user.email, userId, origin, PLANS[current].name, endedReason!)));
      if (paymentFailedAt && !row.paymentFailedAt && entitled.plan !== 'free') {
        const until = graceEnd(paymentFailedAt, this.deps.settings.graceMs);
        mails.push(this.deps.mail.insert(tx, paymentFailedMail(row.user.email, userId, origin, PLANS[entitled.plan].name, until)));
      }
      const updated = await tx.billingAccount.update({
        where: { userId },
        data: {
          ...(read ? { ...columnsOf(read.state), stateReadAt: read.readAt } : {}),
          paymentFailedAt,
          grantedPlan: decided.granted,
          endedReason,
        },
      });
      return { updated, mails: await Promise.all(mails), change: decided.plan !== current ? { from: current, to: decided.plan } : null };
    });
    if (!outcome) return null;
    this.deps.mail.accepted(outcome.mails);
    if (outcome.change) this.deps.log.info({ component: 'billing', accountId: userId, ...outcome.change }, 'plan changed by billing');
    return outcome.updated;
  }

  /** A time-based end is due (a period's end after a cancellation, a grace period's end) and billing still holds the plan. */
  private lapsed(row: BillingAccount, now: Date): boolean {
    if (row.grantedPlan === null) return false;
    return entitlement(stateOf(row), row.paymentFailedAt, now, this.deps.settings.graceMs).plan !== row.grantedPlan;
  }

  /** The account's Stripe customer, if it has one. */
  async customerOf(userId: string): Promise<string | null> {
    return (await this.deps.db.billingAccount.findUnique({ where: { userId }, select: { stripeCustomerId: true } }))?.stripeCustomerId ?? null;
  }

  /**
   * A deleted account's subscriptions end now at Stripe, so it is charged no more. The account is gone already
   * (its password was the check): a failure is logged for the operator to cancel by hand, not shown to the owner.
   */
  async endSubscriptions(customer: string, userId: string): Promise<void> {
    try {
      const { data } = await this.deps.stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
      for (const subscription of data) if (isLive(subscription.status)) await this.deps.stripe.subscriptions.cancel(subscription.id);
    } catch (err) {
      this.deps.log.error(
        { component: 'billing', err, accountId: userId, customer },
        "could not cancel a deleted account's subscription at Stripe: cancel it there",
      );
    }
  }

  /** Applies the time-based ends that are due, and forgets applied event ids past their retention. Returns how many plans it settled. */
  async sweep(now = new Date()): Promise<number> {
    const due = await this.deps.db.billingAccount.findMany({
      where: {
        grantedPlan: { not: null },
        OR: [{ cancelAt: { lte: now } }, { paymentFailedAt: { lte: new Date(now.getTime() - this.deps.settings.graceMs) } }],
      },
      take: 500,
    });
    let settled = 0;
    for (const row of due) if (this.lapsed(row, now) && (await this.settle(row.userId, now))) settled++;
    await this.deps.db.stripeEvent.deleteMany({ where: { receivedAt: { lt: new Date(now.getTime() - EVENT_RETENTION_MS) } } });
    return settled;
  }

  /** Runs the sweep every SWEEP_INTERVAL_MS (scripts/serve.ts). */
  start(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => this.deps.log.error({ component: 'billing', err }, 'billing sweep failed'));
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  shutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /**
   * The account's Stripe customer, made on its first checkout. The idempotency key makes two clicks at once one
   * customer at Stripe; the unique index, one row here.
   */
  private async customerFor(user: PublicUser): Promise<string> {
    let customer: Stripe.Customer;
    try {
      customer = await this.deps.stripe.customers.create(
        { email: user.email, metadata: { yamljson_account: user.id } },
        { idempotencyKey: `yamljson-customer-${user.id}` },
      );
    } catch (err) {
      throw this.unavailable('Checkout', err);
    }
    try {
      await this.deps.db.billingAccount.create({ data: { userId: user.id, stripeCustomerId: customer.id, stateReadAt: new Date(0) } });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await this.deps.db.billingAccount.findUniqueOrThrow({ where: { userId: user.id } });
    return row.stripeCustomerId;
  }
}

/** The stored state of the governing subscription, as the entitlement reads it. */
function stateOf(row: BillingAccount | null): SubscriptionState | null {
  if (!row?.subscriptionId || !row.subscriptionStatus) return null;
  return {
    id: row.subscriptionId,
    status: row.subscriptionStatus,
    plan: row.subscriptionPlan as PlanId | null,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAt: row.cancelAt,
  };
}

function columnsOf(state: SubscriptionState | null) {
  return {
    subscriptionId: state?.id ?? null,
    subscriptionStatus: state?.status ?? null,
    subscriptionPlan: state?.plan ?? null,
    currentPeriodEnd: state?.currentPeriodEnd ?? null,
    cancelAt: state?.cancelAt ?? null,
  };
}

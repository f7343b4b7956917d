// What a subscription's state at Stripe entitles an account to, decided from that state and the time, never
// from which event arrived: the webhooks, the dashboard and the periodic sweep all ask this one function, so
// events handled in any order end in the same plan.
import { PLANS, type PlanId, planRank } from '@/lib/accounts/plans';

/** Statuses whose subscription is paid up or being collected: the plan applies (a payment problem, within the grace period). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);
/** A payment failed and Stripe is still trying: the grace period runs. */
const PAYMENT_PROBLEM_STATUSES = new Set(['past_due', 'unpaid']);

/** What the service keeps of a subscription (the BillingAccount row), read from Stripe. */
export interface SubscriptionState {
  id: string;
  /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  /** The plan its price pays for; null for a price that is none of STRIPE_PRICE_* (it entitles to nothing). */
  plan: PlanId | null;
  /** The end of the period paid for: the renewal date. */
  currentPeriodEnd: Date | null;
  /** When it ends, if it is set to (cancelled at the period's end, or at a date). */
  cancelAt: Date | null;
}

/** Why billing took a plan back: the subscription ended, the grace period after a failed payment ran out, a refund, a dispute. */
export type EndReason = 'ended' | 'payment' | 'refund' | 'dispute';

export const isLive = (status: string) => LIVE_STATUSES.has(status);
export const hasPaymentProblem = (state: SubscriptionState | null) => state !== null && PAYMENT_PROBLEM_STATUSES.has(state.status);

/** When the grace period of a payment problem that began at `failedAt` ends. */
export const graceEnd = (failedAt: Date, graceMs: number) => new Date(failedAt.getTime() + graceMs);

export interface Entitlement {
  plan: PlanId;
  /** Why it is Free when a subscription exists but entitles to nothing. */
  reason: EndReason | null;
}

/**
 * The plan a subscription gives now: its plan while it is live, until the time it is set to end (Stripe ends it
 * then and says so, but the plan does not wait for that event), and during a payment problem until the grace
 * period after the first failure ends. Anything else is Free.
 */
export function entitlement(state: SubscriptionState | null, paymentFailedAt: Date | null, now: Date, graceMs: number): Entitlement {
  if (!state || !isLive(state.status) || state.plan === null) return { plan: 'free', reason: state ? 'ended' : null };
  if (state.cancelAt && now >= state.cancelAt) return { plan: 'free', reason: 'ended' };
  if (hasPaymentProblem(state) && paymentFailedAt && now >= graceEnd(paymentFailedAt, graceMs)) return { plan: 'free', reason: 'payment' };
  return { plan: state.plan, reason: null };
}

/**
 * The account's plan after billing decided `entitled`, and the plan billing then holds as its own grant.
 * Billing raises a smaller plan to the one paid for, and lowers only a plan it set itself: a plan the operator
 * granted (Enterprise, or any plan changed by `npm run admin -- set-plan` since) is never lowered by billing.
 */
export function planDecision(current: PlanId, granted: PlanId | null, entitled: PlanId): { plan: PlanId; granted: PlanId | null } {
  if (entitled !== 'free') {
    if (planRank(current) <= planRank(entitled)) return { plan: entitled, granted: entitled };
    return { plan: current, granted: null };
  }
  if (granted !== null && current === granted) return { plan: 'free', granted: null };
  return { plan: current, granted: null };
}

/** The change a subscription has coming: to Free when it is set to end, at that time. */
export function pendingChange(state: SubscriptionState | null, now: Date): { plan: PlanId; at: Date } | null {
  if (!state || !isLive(state.status) || !state.cancelAt || state.cancelAt <= now) return null;
  return { plan: 'free', at: state.cancelAt };
}

/** The subscription the plan follows among a customer's: a live one first (the newest), else the newest. */
export function governing<S extends { status: string; created: number }>(subscriptions: readonly S[]): S | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((s) => isLive(s.status)) ?? newestFirst[0] ?? null;
}

/** A plan is paid for through checkout (Pro today). */
export const isCheckoutPlan = (plan: PlanId) => PLANS[plan].purchase === 'checkout';

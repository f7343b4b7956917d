// The one decision of billing (lib/billing/entitlement.ts): the plan a subscription's state gives at a time, and
// what billing may do to the account's plan with it. Order of events plays no part: only the state and the time.
import { describe, expect, it } from 'vitest';
import { entitlement, governing, pendingChange, planDecision, type SubscriptionState } from '@/lib/billing/entitlement';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-12-01T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const GRACE = 7 * DAY;
const pro = (over: Partial<SubscriptionState> = {}): SubscriptionState => ({
  id: 'sub_1',
  status: 'active',
  plan: 'pro',
  currentPeriodEnd: at(20),
  cancelAt: null,
  ...over,
});

describe('entitlement', () => {
  it('gives the paid plan while the subscription is live, and Free without one or once it ended', () => {
    expect(entitlement(pro(), null, now, GRACE)).toStrictEqual({ plan: 'pro', reason: null });
    expect(entitlement(pro({ status: 'trialing' }), null, now, GRACE).plan).toBe('pro');
    expect(entitlement(null, null, now, GRACE)).toStrictEqual({ plan: 'free', reason: null });
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(entitlement(pro({ status }), null, now, GRACE)).toStrictEqual({ plan: 'free', reason: 'ended' });
    }
    expect(entitlement(pro({ plan: null }), null, now, GRACE).plan).toBe('free');
  });

  it("keeps the plan until a cancellation's time, and not after it even before Stripe says it ended", () => {
    expect(entitlement(pro({ cancelAt: at(1) }), null, now, GRACE).plan).toBe('pro');
    expect(entitlement(pro({ cancelAt: at(0) }), null, now, GRACE)).toStrictEqual({ plan: 'free', reason: 'ended' });
  });

  it('keeps the plan through a payment problem until the grace period after the first failure ends', () => {
    for (const status of ['past_due', 'unpaid']) {
      expect(entitlement(pro({ status }), at(-6.9), now, GRACE).plan).toBe('pro');
      expect(entitlement(pro({ status }), at(-7), now, GRACE)).toStrictEqual({ plan: 'free', reason: 'payment' });
    }
    expect(entitlement(pro({ status: 'past_due' }), now, now, 0)).toStrictEqual({ plan: 'free', reason: 'payment' });
  });
});

describe('planDecision: billing raises to what is paid for, and lowers only what it granted', () => {
  it('raises a smaller plan and holds the grant', () => {
    expect(planDecision('free', null, 'pro')).toStrictEqual({ plan: 'pro', granted: 'pro' });
    expect(planDecision('pro', null, 'pro')).toStrictEqual({ plan: 'pro', granted: 'pro' });
  });
  it("never lowers the operator's larger plan, or a plan changed since billing granted it", () => {
    expect(planDecision('enterprise', 'pro', 'pro')).toStrictEqual({ plan: 'enterprise', granted: null });
    expect(planDecision('enterprise', 'pro', 'free')).toStrictEqual({ plan: 'enterprise', granted: null });
    expect(planDecision('pro', null, 'free')).toStrictEqual({ plan: 'pro', granted: null });
  });
  it('lowers its own grant to Free', () => {
    expect(planDecision('pro', 'pro', 'free')).toStrictEqual({ plan: 'free', granted: null });
  });
});

describe('the subscription the plan follows, and what it has coming', () => {
  it('a live subscription wins over a newer ended one; else the newest', () => {
    const old = { status: 'active', created: 1 };
    const ended = { status: 'canceled', created: 2 };
    expect(governing([ended, old])).toBe(old);
    expect(governing([{ status: 'canceled', created: 1 }, ended])).toBe(ended);
    expect(governing([])).toBeNull();
  });
  it('a cancellation to come is a change to Free at its time', () => {
    expect(pendingChange(pro({ cancelAt: at(3) }), now)).toStrictEqual({ plan: 'free', at: at(3) });
    expect(pendingChange(pro(), now)).toBeNull();
    expect(pendingChange(pro({ status: 'canceled', cancelAt: at(3) }), now)).toBeNull();
  });
});

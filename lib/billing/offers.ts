// The plan cards of the landing and pricing pages, from the one plan table (limits, features) and, with billing
// on, Stripe's prices: what each plan costs and where its button leads. Without billing (self-hosted) there are
// no prices and nothing to buy: the operator grants plans, as the cards say.
import { PLAN_LIST, type PlanId } from '@/lib/accounts/plans';
import { formatAmount, formatPrice } from '@/lib/format/format-price';
import type { Billing } from './billing';

/** One plan card (plain data: the cards are rendered by components/pricing/plan-cards.tsx). */
export interface PlanOffer {
  id: PlanId;
  name: string;
  summary: string;
  features: readonly string[];
  requestsPerHour: number | null;
  maxInputBytes: number;
  /** `$19 a month`, `$0 a month`, `Custom`; null without billing (no prices shown). */
  price: string | null;
  action: { href: string; label: string };
  highlight: boolean;
}

export async function planOffers(billing: Billing | null): Promise<PlanOffer[]> {
  const prices = billing ? await billing.prices() : null;
  return PLAN_LIST.map((plan) => {
    const base = {
      id: plan.id,
      name: plan.name,
      summary: plan.summary,
      features: plan.features,
      requestsPerHour: plan.requestsPerHour,
      maxInputBytes: plan.maxInputBytes,
      highlight: plan.id === 'pro',
    };
    if (plan.purchase === 'free') {
      const currency = prices?.pro?.currency;
      const price = prices ? (currency ? `${formatAmount(0, currency)} a month` : 'No charge') : null;
      return { ...base, price, action: { href: '/signup', label: 'Start free' } };
    }
    if (!prices) return { ...base, price: null, action: { href: '/signup', label: `Choose ${plan.name}` } };
    // Signed out, the dashboard sends to sign-in (and sign-up), then back to the plan card with this plan chosen.
    const action = { href: `/dashboard?choose=${plan.id}`, label: plan.purchase === 'checkout' ? `Choose ${plan.name}` : 'Talk to us' };
    if (plan.purchase === 'contact') return { ...base, price: 'Custom', action };
    const price = prices[plan.id];
    return { ...base, price: price ? formatPrice(price) : 'Price shown at checkout', action };
  });
}

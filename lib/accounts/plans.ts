// The one table of plans: hourly quota, largest input, how long one conversion may run in a worker, what
// each plan offers and how it is bought. Everything else (guards, the conversion pool, dashboard, landing and
// pricing pages, billing, OpenAPI text) reads it from here. Prices are not here: they are Stripe's, named by
// the price ids in the configuration (STRIPE_PRICE_PRO, lib/billing/).

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * How an account gets the plan when billing is on (STRIPE_SECRET_KEY): every account has Free; Pro through
 * Stripe Checkout; Enterprise by asking ("talk to us"), then the operator grants it (`npm run admin -- set-plan`).
 * Without billing the operator grants every plan above Free.
 */
export type PlanPurchase = 'free' | 'checkout' | 'contact';

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  /** Authenticated calls per clock hour (UTC); null means unlimited. */
  readonly requestsPerHour: number | null;
  /** Largest `input` accepted, in UTF-8 bytes. */
  readonly maxInputBytes: number;
  /**
   * Wall-clock limit of one conversion in a worker, ms (then 422 `limit_exceeded`); the server's
   * CONVERSION_TIMEOUT_MS caps it. It follows the input limit: the slowest path through the
   * converter (the `yaml` package's, for errors, tags and comments kept) reads about 1 MB/s, so
   * the largest Free input takes about 1 s and a Pro one about 10 s; Enterprise's 100 MB go the
   * single-pass readers' way (tens of MB/s) and keep the 120 s every plan had before.
   */
  readonly conversionTimeoutMs: number;
  /** One line on whom the plan is for. */
  readonly summary: string;
  /** What the plan offers beyond its limits, in the order the pages list it. */
  readonly features: readonly string[];
  readonly purchase: PlanPurchase;
  /** Support requests from the dashboard are marked for priority (the operator's mail says so). */
  readonly prioritySupport: boolean;
}

const EVERY_FEATURE = 'Convert, validate (JSON Schema too), format and raw mode';

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    requestsPerHour: 100,
    maxInputBytes: 1_000_000,
    conversionTimeoutMs: 10_000,
    summary: 'To try it, and for small scripts.',
    features: [EVERY_FEATURE, 'Up to 100 active API keys, usage charts, request log'],
    purchase: 'free',
    prioritySupport: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    requestsPerHour: 10_000,
    maxInputBytes: 10_000_000,
    conversionTimeoutMs: 30_000,
    summary: 'Full features and priority support, for production.',
    features: [EVERY_FEATURE, 'Up to 100 active API keys, usage charts, request log', 'Priority support from the dashboard'],
    purchase: 'checkout',
    prioritySupport: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    requestsPerHour: null,
    maxInputBytes: 100_000_000,
    conversionTimeoutMs: 120_000,
    summary: 'Custom features and an SLA, agreed with you.',
    features: [EVERY_FEATURE, 'Custom features and limits', 'A service level agreement', 'Priority support from the dashboard'],
    purchase: 'contact',
    prioritySupport: true,
  },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** Plans in the table's order, smallest first: a larger rank is a larger plan. */
export const planRank = (plan: PlanId) => PLAN_IDS.indexOf(plan);

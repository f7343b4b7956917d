// The one table of plans: hourly quota and largest input. Everything else (guards, dashboard,
// landing page, OpenAPI text) reads it from here.

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  /** Authenticated calls per clock hour (UTC); null means unlimited. */
  readonly requestsPerHour: number | null;
  /** Largest `input` accepted, in UTF-8 bytes. */
  readonly maxInputBytes: number;
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: { id: 'free', name: 'Free', requestsPerHour: 100, maxInputBytes: 1_000_000 },
  pro: { id: 'pro', name: 'Pro', requestsPerHour: 10_000, maxInputBytes: 10_000_000 },
  enterprise: { id: 'enterprise', name: 'Enterprise', requestsPerHour: null, maxInputBytes: 100_000_000 },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The largest input any plan accepts: a body beyond it is refused without reading it all. */
export const LARGEST_PLAN_INPUT_BYTES = Math.max(...PLAN_LIST.map((p) => p.maxInputBytes));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

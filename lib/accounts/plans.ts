// The one table of plans: hourly quota, largest input, and how long one conversion may run in a
// worker. Everything else (guards, the conversion pool, dashboard, landing page, OpenAPI text)
// reads it from here.

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

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
}

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: { id: 'free', name: 'Free', requestsPerHour: 100, maxInputBytes: 1_000_000, conversionTimeoutMs: 10_000 },
  pro: { id: 'pro', name: 'Pro', requestsPerHour: 10_000, maxInputBytes: 10_000_000, conversionTimeoutMs: 30_000 },
  enterprise: { id: 'enterprise', name: 'Enterprise', requestsPerHour: null, maxInputBytes: 100_000_000, conversionTimeoutMs: 120_000 },
};

export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The largest input any plan accepts: a body beyond it is refused without reading it all. */
export const LARGEST_PLAN_INPUT_BYTES = Math.max(...PLAN_LIST.map((p) => p.maxInputBytes));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

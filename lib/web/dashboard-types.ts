// The dashboard API's bodies (GET/POST /api/dashboard/keys, /plan, /usage).
export interface ApiKeyView {
  id: string;
  name: string;
  /** Display prefix, e.g. `yj_AbC12345`. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface PlanView {
  id: string;
  name: string;
  /** null: unlimited. */
  requestsPerHour: number | null;
  maxInputBytes: number;
}

export interface PlanBody {
  plan: string;
  plans: PlanView[];
}

export interface UsageBody {
  plan: string;
  limit: number | null;
  used: number;
  remaining: number | null;
  resetAt: string;
  /** 24 entries, oldest first, the current hour last. */
  hours: Array<{ hourStart: string; count: number }>;
}

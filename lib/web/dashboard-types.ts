// The dashboard API's bodies (GET/POST /api/dashboard/keys, /plan, /usage, and sign-up's): the server's own
// types, imported as types only, so the pages and the API cannot drift apart.
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
import type { RequestLogView } from '@/lib/accounts/key-usage/report';
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
import type { Plan } from '@/lib/accounts/plans';
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
import type { BillingView } from '@/lib/billing/billing';

// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
export type { ApiKeyPage, ApiKeyView } from '@/lib/accounts/api-keys';
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
export type { UsageSummary as UsageBody } from '@/lib/accounts/usage-summary';
// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
export type { SignUpOutcome as SignUpBody } from '@/lib/accounts/users';
export type PlanView = Plan;
export type { BillingView };

export interface PlanBody {
  plan: Plan['id'];
  plans: PlanView[];
  /** Whether the account may move itself to a larger plan (YAMLJSON_SELF_SERVE_UPGRADES=on); else the operator grants it. */
  selfServeUpgrades: boolean;
  /** The account's billing with Stripe; null without billing (STRIPE_SECRET_KEY unset): the operator grants plans. */
  billing: BillingView | null;
}

/** POST /api/dashboard/billing/checkout and /portal: where to send the browser (Stripe's pages). */
export interface RedirectBody {
  url: string;
}

/** POST /api/dashboard/billing/contact and /api/dashboard/support. */
export interface OperatorRequestBody {
  id: string;
  message: string;
  priority: boolean;
}

// biome-ignore lint/style/noRestrictedImports: types only, erased from the bundle; the pages and the API share them
export type { KeyUsageReport, RequestLogView } from '@/lib/accounts/key-usage/report';

/** GET /api/dashboard/requests. */
export interface RequestLogBody {
  requests: RequestLogView[];
}

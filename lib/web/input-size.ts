// The input's size as the playground shows it, and the warning when it is over a plan's limit
// (a 1,000,109-byte document was called "1 MB", and the copied curl got 413 on Free).
import { exactBytes, formatBytes } from '@/lib/format/format-bytes';

/** A plan's input limit as the page passes it to the playground (from lib/accounts/plans.ts). */
export interface PlanLimit {
  name: string;
  maxInputBytes: number;
}

/** Within this fraction of a limit, sizes are shown in exact bytes: "1 MB" hides which side of 1,000,000 it is. */
export const EXACT_NEAR_LIMIT = 0.1;

/** A size in exact bytes near any of the limits (within 10%), else rounded as formatBytes does. */
export function sizeLabel(bytes: number, limits: readonly number[]): string {
  const near = limits.some((limit) => Math.abs(bytes - limit) <= limit * EXACT_NEAR_LIMIT);
  return near ? exactBytes(bytes) : formatBytes(bytes);
}

/** Who is looking: the signed-in user's plan, or null when signed out. */
export interface Viewer {
  plan: PlanLimit | null;
  /** The plan a signed-out user's key would be on (Free). */
  defaultPlan: PlanLimit;
}

/**
 * The warning for an input over the viewer's plan limit (the API would answer 413), or null.
 * Signed out: against the Free limit, which a new key has.
 */
export function overLimitWarning(bytes: number, viewer: Viewer): string | null {
  const plan = viewer.plan ?? viewer.defaultPlan;
  if (bytes <= plan.maxInputBytes) return null;
  const size = exactBytes(bytes);
  const limit = exactBytes(plan.maxInputBytes);
  return viewer.plan
    ? `The input is ${size}, over your ${plan.name} plan's limit of ${limit}: the API would answer 413 to this request.`
    : `The input is ${size}, over the ${plan.name} plan's limit of ${limit}: the API would answer 413 on ${plan.name}.`;
}

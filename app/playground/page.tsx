import type { Metadata } from 'next';
import { Playground } from '@/components/playground/playground';
import { PLAN_LIST, PLANS } from '@/lib/accounts/plans';
import { getCurrentUser } from '@/lib/auth/session';
import { DependencyUnavailableError } from '@/lib/dependencies';
import { services } from '@/lib/services/seam';
import type { PlanLimit } from '@/lib/web/input-size';

export const metadata: Metadata = {
  title: 'Playground',
  description: 'Convert YAML and JSON as you type, in your browser, with the same converter the API runs.',
};
// The signed-in user's plan sets the size warning: read per request.
export const dynamic = 'force-dynamic';

const limitOf = (plan: PlanLimit): PlanLimit => ({ name: plan.name, maxInputBytes: plan.maxInputBytes });

/** The signed-in user's plan, or null: signed out, or the session store is down (the playground works without it). */
async function viewerPlan(): Promise<PlanLimit | null> {
  try {
    const user = await getCurrentUser(services());
    return user ? limitOf(PLANS[user.plan]) : null;
  } catch (err) {
    if (err instanceof DependencyUnavailableError) return null;
    throw err;
  }
}

export default async function PlaygroundPage() {
  const plan = await viewerPlan();
  return (
    <div className="playground-page">
      <h1 className="visually-hidden">Playground</h1>
      <Playground viewer={{ plan, defaultPlan: limitOf(PLANS.free) }} planLimits={PLAN_LIST.map((p) => p.maxInputBytes)} />
    </div>
  );
}

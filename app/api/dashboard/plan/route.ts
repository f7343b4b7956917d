// GET /api/dashboard/plan - current plan and the plan table; PUT - change plan (down at once; up only with self-serve upgrades on).
import { handleGetPlan, handleSetPlan } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(withApi(handleGetPlan, { guards: dashboardGuards }));
export const PUT = route(withApi(handleSetPlan, { guards: dashboardGuards }));

const notAllowed = route(methodNotAllowed('GET', 'PUT'));
export { notAllowed as POST, notAllowed as PATCH, notAllowed as DELETE };

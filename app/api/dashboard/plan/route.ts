// GET /api/dashboard/plan - current plan and the plan table; PUT - change plan (immediate, no payment).
import { handleGetPlan, handleSetPlan } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = withApi(handleGetPlan, { guards: dashboardGuards });
export const PUT = withApi(handleSetPlan, { guards: dashboardGuards });

const notAllowed = methodNotAllowed('GET', 'PUT');
export { notAllowed as POST, notAllowed as PATCH, notAllowed as DELETE };

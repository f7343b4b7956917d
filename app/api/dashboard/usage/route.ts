// GET /api/dashboard/usage - this hour against the quota, and the last 24 hours.
import { handleUsage } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(withApi(handleUsage, { guards: dashboardGuards }));

const notAllowed = route(methodNotAllowed('GET'));
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

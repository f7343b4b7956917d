// GET /api/dashboard/keys - the account's keys; POST - create one (its secret is in this answer only).
import { handleCreateKey, handleListKeys } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = route(withApi(handleListKeys, { guards: dashboardGuards }));
export const POST = route(withApi(handleCreateKey, { guards: dashboardGuards }));

const notAllowed = route(methodNotAllowed('GET', 'POST'));
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

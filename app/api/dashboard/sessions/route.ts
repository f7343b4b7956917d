// DELETE /api/dashboard/sessions - sign out everywhere: ends every session of the account (this one too).
import { handleEndAllSessions } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = route(withApi(handleEndAllSessions, { guards: dashboardGuards }));

const notAllowed = route(methodNotAllowed('DELETE'));
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };

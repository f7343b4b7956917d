// PATCH /api/dashboard/keys/{id} - rename; DELETE - revoke (refused on the very next API call).
import { handleRenameKey, handleRevokeKey } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { dashboardGuards } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ id: string }> };

export const PATCH = (request: Request, { params }: RouteContext) =>
  params.then(({ id }) => route(withApi((req, ctx) => handleRenameKey(req, ctx, id), { guards: dashboardGuards }))(request));
export const DELETE = (request: Request, { params }: RouteContext) =>
  params.then(({ id }) => route(withApi((req, ctx) => handleRevokeKey(req, ctx, id), { guards: dashboardGuards }))(request));

const notAllowed = route(methodNotAllowed('PATCH', 'DELETE'));
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT };

// GET /api/health/live - liveness for load balancers: {"status":"healthy"}, no key, nothing more
import { handleLive } from '@/lib/api/handlers/health';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = withApi(handleLive);

const notAllowed = methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

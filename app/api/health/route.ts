// GET /api/health - status, version and uptime (needs a key like the other endpoints)
import { keyedGuards } from '@/lib/api/guards';
import { handleHealth } from '@/lib/api/handlers/health';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = withApi(handleHealth, { guards: keyedGuards });

const notAllowed = methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

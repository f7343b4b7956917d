// PATCH /api/dashboard/keys/{id} - rename; DELETE - revoke (refused on the very next API call).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/keys/[id]');

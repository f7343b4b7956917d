// POST /api/dashboard/keys/{id}/revoke - revoke (refused on the very next API call).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/keys/[id]/revoke');

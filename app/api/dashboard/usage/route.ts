// GET /api/dashboard/usage - this hour against the quota, and the last 24 hours.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/usage');

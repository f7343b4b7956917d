// GET /api/health/live - liveness for load balancers: {"status":"healthy"}, no key, nothing more
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/health/live');

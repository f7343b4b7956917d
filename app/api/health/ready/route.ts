// GET /api/health/ready - readiness for load balancers: the database (and Redis when configured) answer; no key
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/health/ready');

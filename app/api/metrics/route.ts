// GET /api/metrics - Prometheus metrics, only with "Authorization: Bearer <METRICS_TOKEN>" (unset: 404)
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/metrics');

// GET /api/dashboard/plan - current plan and the plan table; PUT - change plan (down at once; up only with self-serve upgrades on).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/plan');

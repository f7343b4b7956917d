// GET /api/dashboard/keys - the account's keys; POST - create one (its secret is in this answer only).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/keys');

// POST /api/dashboard/billing/portal - the address of Stripe's Customer Portal (billing on; 404 otherwise).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/billing/portal');

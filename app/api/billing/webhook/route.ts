// POST /api/billing/webhook - Stripe's signed events: the plan follows the subscription (billing on; 404 otherwise).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/billing/webhook');

// POST /api/dashboard/billing/checkout - {plan}: the address of Stripe Checkout (billing on; 404 otherwise).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/billing/checkout');

// POST /api/dashboard/billing/contact - {message}: "talk to us" about Enterprise, mailed to the operator (billing on; 404 otherwise).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/billing/contact');

// POST /api/dashboard/support - {message}: a support request mailed to the operator, marked with the plan (billing on; 404 otherwise).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/support');

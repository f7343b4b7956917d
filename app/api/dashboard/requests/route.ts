// GET /api/dashboard/requests[?requestId=] - the account's request log (newest 100, or one request by id); session or Bearer key.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/requests');

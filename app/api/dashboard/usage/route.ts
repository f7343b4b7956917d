// GET /api/dashboard/usage[?keyId=][&format=csv] - the account's usage (hour, 24 hours, 30 days) or one key's; session or Bearer key.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/usage');

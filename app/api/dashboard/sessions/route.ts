// DELETE /api/dashboard/sessions - sign out everywhere: ends every session of the account (this one too).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/sessions');

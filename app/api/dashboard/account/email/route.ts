// PUT /api/dashboard/account/email - mails a link to the new address; the address changes when it is followed.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/account/email');

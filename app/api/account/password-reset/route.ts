// POST /api/account/password-reset - mails a link to choose a new password (the same answer for any address).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/account/password-reset');

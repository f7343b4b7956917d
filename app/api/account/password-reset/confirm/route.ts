// POST /api/account/password-reset/confirm - sets a new password with the mailed link; every session ends.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/account/password-reset/confirm');

// POST /api/account/signup - create an account (email + password); the page then signs in.
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/account/signup');

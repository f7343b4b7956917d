// GET /api/schemas/{id} - one schema of the built-in catalog (no key; cacheable)
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/schemas/[id]');

// PATCH /api/dashboard/keys/{id} - rename; DELETE - delete a revoked or expired key (an active one: 409 key_active).
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/dashboard/keys/[id]');

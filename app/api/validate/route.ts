// POST /api/validate - checks a YAML, JSON or JSONC document and lists every positioned error
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/validate');

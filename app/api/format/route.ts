// POST /api/format - re-indents and normalises a YAML, JSON or JSONC document without changing its data
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/format');

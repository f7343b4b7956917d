// GET /api/openapi.yaml - the OpenAPI 3.1 document in YAML (the same document as /api/openapi.json)
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/openapi.yaml');

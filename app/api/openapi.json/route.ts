// GET /api/openapi.json - the OpenAPI 3.1 document, generated from the request and response schemas
import { nextRoutes } from '@/lib/api/routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE } = nextRoutes('/api/openapi.json');

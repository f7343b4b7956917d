// GET /api/openapi.json - the OpenAPI 3.1 document, generated from the request and response schemas
import { handleOpenApi } from '@/lib/api/handlers/openapi';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = withApi(handleOpenApi);

// GET /api/openapi.json - the OpenAPI 3.1 document, generated from the request and response schemas
import { handleOpenApi } from '@/lib/api/handlers/openapi';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = withApi(handleOpenApi);

const notAllowed = methodNotAllowed('GET');
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

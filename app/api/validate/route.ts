// POST /api/validate - checks a YAML, JSON or JSONC document and lists every positioned error
import { keyedGuards } from '@/lib/api/guards';
import { handleValidate } from '@/lib/api/handlers/validate';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = withApi(handleValidate, { guards: keyedGuards });

const notAllowed = methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

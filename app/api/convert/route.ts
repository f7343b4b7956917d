// POST /api/convert - converts YAML <-> JSON (JSON body, or raw mode with ?from=&to= and the document as the body)
import { keyedGuards } from '@/lib/api/guards';
import { handleConvert } from '@/lib/api/handlers/convert';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { withApi } from '@/lib/api/with-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = withApi(handleConvert, { guards: keyedGuards });

const notAllowed = methodNotAllowed('POST');
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

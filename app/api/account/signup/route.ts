// POST /api/account/signup - create an account (email + password); the page then signs in.
import { handleSignup } from '@/lib/api/handlers/dashboard';
import { methodNotAllowed } from '@/lib/api/method-not-allowed';
import { requireSameOrigin } from '@/lib/api/session-guards';
import { withApi } from '@/lib/api/with-api';
import { route } from '@/lib/api/next-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = route(withApi(handleSignup, { guards: [requireSameOrigin] }));

const notAllowed = route(methodNotAllowed('POST'));
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };

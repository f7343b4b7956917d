// next-auth's endpoints (sign-in, sign-out, session, CSRF token) under /api/auth/*: its answers with the
// API's security headers, and a failure it does not answer itself (a database that did not answer while a
// session was started) as the API's error body: 503 unavailable with Retry-After, or 500 with a request id.
import NextAuth from 'next-auth';
import { authRouteFailure, withAuthHeaders } from '@/lib/auth/route';
import { authOptions } from '@/lib/auth/options';
import { services } from '@/lib/services/seam';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: RouteContext): Promise<Response> {
  const installed = services();
  try {
    const response = await (NextAuth(request as never, context as never, await authOptions(installed)) as Promise<Response>);
    return withAuthHeaders(response, installed, request);
  } catch (err) {
    return authRouteFailure(err, installed);
  }
}

export { handler as GET, handler as POST };

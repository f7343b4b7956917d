// What the next-auth route adds to next-auth's answers (app/api/auth/[...nextauth]/route.ts): the API's
// security headers on every answer, and a thrown failure answered like any API error (toErrorReply):
// a dependency that did not answer is 503 unavailable with Retry-After, anything else 500; both logged.
import 'server-only';
import { logFailure, toErrorReply } from '@/lib/api/errors';
import { newRequestId } from '@/lib/api/request-id';
import { API_SECURITY_HEADERS, HSTS_VALUE, isHttpsRequest } from '@/lib/http/security-headers';
import type { Services } from '@/lib/services/seam';

type RouteServices = Pick<Services, 'config' | 'log'>;

/** next-auth's response with the API's security headers (those it set itself stay). */
export function withAuthHeaders(response: Response, { config }: RouteServices, request?: Request): Response {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  if (request && isHttpsRequest(request.headers, config.siteIsHttps)) response.headers.set('Strict-Transport-Security', HSTS_VALUE);
  return response;
}

/** A failure next-auth threw, as the API's error body and headers. */
export function authRouteFailure(err: unknown, { log }: RouteServices): Response {
  const requestId = newRequestId();
  const reply = toErrorReply(err, requestId, logFailure(log.child({ component: 'auth' }), requestId));
  return new Response(reply.body as string, {
    status: reply.status,
    headers: { ...API_SECURITY_HEADERS, ...reply.headers, 'X-Request-Id': requestId },
  });
}

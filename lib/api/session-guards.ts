// Guards of the dashboard's API: a signed-in session, and for changes, a same-origin request.
import 'server-only';
import { getCurrentUser } from '@/lib/auth/session';
import { ApiError } from './errors';
import type { ApiGuard, ApiRequest } from './with-api';

export const requireSession: ApiGuard = async (_request, ctx) => {
  const user = await getCurrentUser(ctx.services);
  if (!user) throw new ApiError('unauthorized', 'Sign in to use the dashboard.');
  ctx.user = user;
};

/** The site's own origin: NEXTAUTH_URL's when set (`siteOrigin`), else the request's Host (also the links in mails). */
export function expectedOrigin(request: ApiRequest, siteOrigin: string | undefined): string {
  if (siteOrigin) return siteOrigin;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? new URL(request.url).protocol.replace(':', '');
  return `${proto}://${host}`;
}

/**
 * Refuses a state-changing request that a browser says comes from another site (CSRF). Browsers
 * send Origin on every POST/PUT/PATCH/DELETE; a request with neither Origin nor Sec-Fetch-Site is
 * not from the dashboard either.
 */
export const requireSameOrigin: ApiGuard = (request, ctx) => {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.get('origin');
  const site = request.headers.get('sec-fetch-site');
  const ok = origin ? origin === expectedOrigin(request, ctx.services.config.siteOrigin) : site === 'same-origin';
  if (!ok) {
    throw new ApiError('forbidden', 'This request comes from another site; dashboard changes are accepted only from the dashboard itself.');
  }
};

export const dashboardGuards: readonly ApiGuard[] = [requireSameOrigin, requireSession];

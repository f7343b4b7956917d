// Next.js proxy for the pages: a Content Security Policy with a fresh nonce on every page response,
// and the pages' other security headers (lib/http/security-headers.ts). Next.js reads the nonce
// from the request's Content-Security-Policy header and puts it on every script it renders, which
// is why every page is rendered per request (app/layout.tsx). Static files get nosniff and no
// framing from next.config.js; API answers get their headers from lib/api/with-api.ts.
import { randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { HSTS_VALUE, isHttpsRequest, PAGE_SECURITY_HEADERS, pageContentSecurityPolicy } from '@/lib/http/security-headers';
import { services } from '@/lib/services/seam';

export function proxy(request: NextRequest): NextResponse {
  const { config, dev } = services();
  const nonce = randomBytes(16).toString('base64');
  const https = isHttpsRequest(request.headers, config.siteIsHttps);
  const policy = pageContentSecurityPolicy(nonce, { dev, https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  response.headers.set('Content-Security-Policy', policy);
  if (https) response.headers.set('Strict-Transport-Security', HSTS_VALUE);
  return response;
}

export const config = {
  // Pages (the not-found page too, /favicon.ico's included): not the API (its own headers: withApi, the
  // next-auth route), Next's static files, or public/ (monaco/, workers/, the icon).
  matcher: ['/((?!api/|_next/static/|_next/image|monaco/|workers/|icon\\.svg).*)'],
};

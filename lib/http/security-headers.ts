// Security headers. Pages: a Content Security Policy with a fresh nonce per response and the
// headers below (proxy.ts); nosniff and no framing for everything Next.js serves, static files
// included (next.config.js). API answers
// (lib/api/with-api.ts, served by the node:http front and by Next.js alike): headers that stop a
// browser from sniffing, framing or rendering them. HSTS on both whenever the site is served over
// https: NEXTAUTH_URL is https, or a trusted proxy (TRUSTED_PROXIES) said X-Forwarded-Proto: https
// (scripts/serve.ts removes that header from anyone else's requests).

/** One year; not includeSubDomains or preload: other hosts of the operator's domain are not ours to decide. */
export const HSTS_VALUE = 'max-age=31536000';

/** No powerful browser feature for this site, pages or not. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()';

export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // An API answer is data: nothing in it may load, run or be framed if a browser opens it.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not no-referrer: browsers then send `Origin: null` on the dashboard's own POSTs, which the
  // same-origin check (lib/api/session-guards.ts) must refuse.
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Whether this request reached the site over https; `siteIsHttps`: the configured address is (config.siteIsHttps). */
export function isHttpsRequest(headers: { get(name: string): string | null }, siteIsHttps: boolean): boolean {
  if (siteIsHttps) return true;
  const proto = headers.get('x-forwarded-proto');
  return proto !== null && proto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/**
 * The pages' policy. Scripts: only those carrying this response's nonce (Next.js puts it on its
 * own scripts when it renders the page) and what they load ('strict-dynamic': Next's chunks,
 * Monaco). No inline script or event handler of anyone else's runs. Styles: this site's
 * stylesheets and inline styles, which React renders as style attributes and Monaco adds as
 * <style> elements at run time (CSS cannot run script). Workers: Monaco's and the converter's,
 * from this site (public/monaco/, public/workers/). Nothing from another host.
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code to rebuild server stacks; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The development server's live reload talks over a WebSocket.
    `connect-src 'self'${options.dev ? ' ws: wss:' : ''}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

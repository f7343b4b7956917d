// The origin of the links in the mails a request causes: always the site's (lib/http/public-site.ts),
// never the request's Host. A request addressed to another host (a forged Host header, DNS pointed
// here by someone else) causes no mail at all: its handler answers as usual and sends nothing, and
// the log says so.
import 'server-only';
import type { ApiContext, ApiRequest } from './with-api';

/** The site's origin for this request's mails, or null (logged) when the request was addressed to another host. */
export function mailLinkOrigin(request: ApiRequest, ctx: ApiContext): string | null {
  const { site, log } = ctx.services;
  // X-Forwarded-Host reaches here only from a trusted proxy (lib/http/client-address.ts removes anyone else's).
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (site.servesHost(host)) return site.origin;
  log.warn(
    { component: 'mail', requestId: ctx.requestId, host: host?.slice(0, 255) ?? null, siteOrigin: site.origin },
    "no mail sent: the request was addressed to a host that is not this site's",
  );
  return null;
}

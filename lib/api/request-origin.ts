// The public origin a client used to reach this server: the configured site URL (NEXTAUTH_URL)
// when set, else the request's own scheme and host. The front (lib/http) sets the forwarding
// headers from the socket unless a trusted proxy sent them, so they can be read as they are.
import type { ApiRequest } from './with-api';

export function requestOrigin(request: Pick<ApiRequest, 'headers' | 'url'>, siteOrigin: string | undefined): string {
  if (siteOrigin) return siteOrigin;
  const url = new URL(request.url);
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host') ?? url.host;
  const proto = firstValue(request.headers.get('x-forwarded-proto')) ?? url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

function firstValue(header: string | null): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value ? value : undefined;
}

// Who is on the other end of a request. The socket's peer is the client, unless that peer is one
// of the operator's reverse proxies (TRUSTED_PROXIES): then the X-Forwarded-For it appends is read
// from the right, and the first address that is not a trusted proxy is the client. Anything a client
// wrote into X-Forwarded-* itself is never believed.
//
// scripts/serve.ts (the one node:http server, which alone sees the socket) applies this to every
// request before the API front or Next.js see it, and passes the result in CLIENT_ADDRESS_HEADER,
// which it always overwrites, so no client can set it.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The client's address as scripts/serve.ts found it. */
export const CLIENT_ADDRESS_HEADER = 'x-yamljson-client-address';

/** Forwarding headers that only a trusted proxy may send; removed from anyone else's requests. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'] as const;

export interface TrustedProxies {
  has(address: string): boolean;
}

/**
 * Reads TRUSTED_PROXIES: a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8`,
 * `::1`, `fd00::/8`). Unset or empty: no proxy is trusted. Throws one readable error for a bad entry.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const list = new BlockList();
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || rest.length > 0 || (bits !== undefined && (!/^\d{1,3}$/.test(prefix!) || bits > maxBits))) {
      throw new Error(`Invalid configuration: TRUSTED_PROXIES entry "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, ::1).`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has(address) {
      const family = isIP(address);
      return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * One address in a canonical text form (IPv4-mapped IPv6 as IPv4, no brackets, port or zone),
 * or null when `raw` is not an IP address.
 */
export function normalizeAddress(raw: string): string | null {
  let a = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  return isIP(a) ? a.toLowerCase() : null;
}

/** The client's address: the peer, or, behind trusted proxies, the rightmost forwarded address that is not one. */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  let client = normalizeAddress(peer ?? '') ?? 'unknown';
  if (!trusted.has(client) || !forwardedFor) return client;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]!);
    // Not an address: the chain is broken here, so the last proxy's own view stands.
    if (!hop) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}

/**
 * Prepares a request for everything after scripts/serve.ts: the client's address in
 * CLIENT_ADDRESS_HEADER, and X-Forwarded-* only when a trusted proxy sent them (Next.js then
 * fills them in from the socket, and next-auth and the same-origin check read the truth).
 */
export function markClientAddress(req: IncomingMessage, trusted: TrustedProxies): void {
  const headers = req.headers;
  const forwarded = headers['x-forwarded-for'];
  const address = clientAddressOf(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, trusted);
  if (!trusted.has(normalizeAddress(req.socket.remoteAddress ?? '') ?? '')) {
    for (const name of FORWARDING_HEADERS) delete headers[name];
  }
  headers[CLIENT_ADDRESS_HEADER] = address;
}

type HeaderGetter = { get(name: string): string | null };
type HeaderSource = HeaderGetter | Record<string, string | string[] | undefined>;
const isHeaders = (h: HeaderSource): h is HeaderGetter => typeof h.get === 'function';

/** The client's address as a handler sees it (`unknown` when the request did not come through scripts/serve.ts). */
export function requestClientAddress(headers: HeaderSource): string {
  const value = isHeaders(headers) ? headers.get(CLIENT_ADDRESS_HEADER) : [headers[CLIENT_ADDRESS_HEADER]].flat()[0];
  return (typeof value === 'string' && value) || 'unknown';
}

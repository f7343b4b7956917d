// Requests from a client address of the test's choosing: sent from 127.0.0.2, the test server's
// trusted reverse proxy (TRUSTED_PROXIES in test/setup/next-server.ts), with X-Forwarded-For naming
// the client, exactly as a real proxy forwards them. Plain fetch() comes from 127.0.0.1, a client.
import { randomInt } from 'node:crypto';
import http from 'node:http';
import { TEST_PROXY_ADDRESS } from '../setup/test-proxy';

export { TEST_PROXY_ADDRESS };

/** A fresh client address (TEST-NET/benchmark ranges, or documentation IPv6 in its own /64). */
export function randomClientAddress(family: 4 | 6 = 4): string {
  if (family === 6) return `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}::${randomInt(1, 65536).toString(16)}`;
  return `198.${randomInt(18, 20)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface ProxiedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /** X-Forwarded-For as the proxy sends it (a client's own entries, then the address it saw). */
  forwardedFor: string;
}

/** fetch() through the trusted proxy: the answer as a Web Response (redirects are not followed). */
export function fetchViaProxy(url: string, init: ProxiedInit): Promise<Response> {
  const target = new URL(url);
  const body = init.body === undefined ? undefined : Buffer.from(init.body.toString());
  const headers: Record<string, string> = { ...init.headers, 'X-Forwarded-For': init.forwardedFor };
  if (init.body instanceof URLSearchParams) headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  if (body) headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'GET',
        headers,
        localAddress: TEST_PROXY_ADDRESS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const out = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers: out }));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

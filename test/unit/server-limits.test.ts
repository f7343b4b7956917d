// The HTTP_* limits of scripts/serve.ts's server, read from the environment; the malformed-path check.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/lib/config';
import { hasMalformedPath, serverLimits as limitsOf, serverOptions } from '@/lib/http/server-limits';

/** The limits the server applies for these variables (parsed by lib/config, as at start). */
const serverLimits = (env: Record<string, string>, openFiles?: number | null) => limitsOf(loadConfig(env).http, openFiles);

describe('serverLimits', () => {
  it('has defaults, and a connection cap that leaves room under the open-files limit', () => {
    expect(serverLimits({}, 1_048_576)).toStrictEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 300_000,
      keepAliveTimeoutMs: 5_000,
      maxRequestsPerSocket: 1_000,
      maxConnections: 10_000,
    });
    expect(serverLimits({}, 1_024).maxConnections).toBe(768);
    expect(serverLimits({}, null).maxConnections).toBe(10_000);
  });

  it('reads every variable', () => {
    const limits = serverLimits(
      {
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '60000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '1500',
        HTTP_MAX_REQUESTS_PER_SOCKET: '0',
        HTTP_MAX_CONNECTIONS: '50',
      },
      1_024,
    );
    expect(limits).toStrictEqual({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 60000,
      keepAliveTimeoutMs: 1500,
      maxRequestsPerSocket: 0,
      maxConnections: 50,
    });
    expect(serverOptions(limits).connectionsCheckingInterval).toBe(500);
  });

  it('refuses bad values with one readable error', () => {
    expect(() => serverLimits({ HTTP_MAX_CONNECTIONS: '0' })).toThrow('HTTP_MAX_CONNECTIONS must be a whole number above 0 (got "0")');
    expect(() => serverLimits({ HTTP_HEADERS_TIMEOUT_MS: '10s' })).toThrow('HTTP_HEADERS_TIMEOUT_MS must be a whole number above 0');
    expect(() => serverLimits({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      'HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS',
    );
  });
});

describe('hasMalformedPath', () => {
  it('finds escapes that do not decode, in the path only', () => {
    expect(hasMalformedPath('/api/dashboard/keys/%ZZ')).toBe(true);
    expect(hasMalformedPath('/api/dashboard/keys/%C0%80')).toBe(true);
    expect(hasMalformedPath('/a%2')).toBe(true);
    expect(hasMalformedPath('/api/dashboard/keys/abc%20def')).toBe(false);
    expect(hasMalformedPath('/caf%C3%A9')).toBe(false);
    expect(hasMalformedPath('/api/convert?from=%ZZ')).toBe(false);
    expect(hasMalformedPath('/')).toBe(false);
  });
});

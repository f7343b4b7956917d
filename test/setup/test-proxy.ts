/**
 * The API test server's one trusted reverse proxy (TRUSTED_PROXIES): requests the tests send from
 * this local address (test/api/via-proxy.ts) arrive "through the proxy" for any client address they
 * name in X-Forwarded-For; everything else comes from 127.0.0.1, a client like any other.
 */
export const TEST_PROXY_ADDRESS = '127.0.0.2';

// Security headers on every kind of answer: pages (a CSP whose nonce is on every script Next.js
// renders, and a new one per response), static files, the public API (node:http front) and the
// dashboard's API (Next.js), success or error; HSTS only when the site is reached over https.
import { describe, expect, it } from 'vitest';
import { signedUpUser } from './accounts';
import { baseUrl, expectError, postJson } from './helpers';
import { fetchViaProxy, randomClientAddress } from './via-proxy';

const PAGES = ['/', '/playground', '/docs', '/signin', '/signup', '/no-such-page'];

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()',
  'cross-origin-opener-policy': 'same-origin',
};

const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()',
};

function pick(res: Response, names: string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
}

function nonceOf(policy: string | null): string {
  const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '');
  if (!match) throw new Error(`no nonce in ${policy}`);
  return match[1]!;
}

describe('page headers', () => {
  it.each(PAGES)('%s: a strict CSP whose nonce is on every script, and the other headers', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
    expect(pick(res, Object.keys(PAGE_HEADERS))).toStrictEqual(PAGE_HEADERS);
    const policy = res.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(policy).toBe(
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('uses a new nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(nonceOf((await fetch(`${baseUrl}/`)).headers.get('content-security-policy')));
    expect(nonces.size).toBe(3);
  });

  it('the signed-in dashboard has them too', async () => {
    const { cookie } = await signedUpUser('headers');
    const res = await fetch(`${baseUrl}/dashboard`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(pick(res, Object.keys(PAGE_HEADERS))).toStrictEqual(PAGE_HEADERS);
    nonceOf(res.headers.get('content-security-policy'));
  });

  it.each(['/monaco/editor.worker.js', '/workers/convert.worker.js', '/icon.svg'])('static file %s: nosniff, no framing', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(pick(res, ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'])).toStrictEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': PAGE_HEADERS['referrer-policy'],
      'permissions-policy': PAGE_HEADERS['permissions-policy'],
    });
  });

  it("/favicon.ico (no such file): the not-found page, with the pages' headers", async () => {
    const res = await fetch(`${baseUrl}/favicon.ico`);
    expect(res.status).toBe(404);
    expect(pick(res, Object.keys(PAGE_HEADERS))).toStrictEqual(PAGE_HEADERS);
    const nonce = nonceOf(res.headers.get('content-security-policy'));
    for (const [tag] of (await res.text()).matchAll(/<script\b[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('API headers', () => {
  it('the public API (the node:http front), success and error', async () => {
    const ok = await postJson('/api/convert', { input: 'a: 1', inputType: 'yaml', outputType: 'json' });
    expect(ok.status).toBe(200);
    expect(pick(ok, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
    const refused = await fetch(`${baseUrl}/api/health`);
    expect(refused.status).toBe(401);
    expect(pick(refused, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
    const live = await fetch(`${baseUrl}/api/health/live`);
    expect(pick(live, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
  });

  it("the dashboard's API (Next.js), success and error", async () => {
    const refused = await fetch(`${baseUrl}/api/dashboard/keys`);
    expect(refused.status).toBe(401);
    expect(pick(refused, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
    const { cookie } = await signedUpUser('api-headers');
    const ok = await fetch(`${baseUrl}/api/dashboard/plan`, { headers: { Cookie: cookie } });
    expect(ok.status).toBe(200);
    expect(pick(ok, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
  });
});

describe('next-auth and unknown API paths', () => {
  it.each(['/api/auth/session', '/api/auth/csrf', '/api/auth/providers'])("next-auth's %s answers with the API's headers", async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(pick(res, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
  });

  it("a failed sign-in through next-auth's callback has them too", async () => {
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: baseUrl },
      body: new URLSearchParams({ csrfToken, email: 'nobody@example.test', password: 'not a password', json: 'true' }),
    });
    expect(res.status).toBe(401);
    expect(pick(res, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
  });

  it.each(['GET', 'POST', 'DELETE'])('%s on an /api/ path nothing serves: 404 not_found in the error body, with the headers', async (method) => {
    for (const path of ['/api/no-such-thing', '/api/dashboard/keys/k/nothing/here', '/api/health/nope']) {
      const res = await fetch(`${baseUrl}${path}`, { method });
      expect(pick(res, Object.keys(API_HEADERS))).toStrictEqual(API_HEADERS);
      await expectError(res, 404, {
        code: 'not_found',
        message: `There is no API endpoint at ${path}. The endpoints are listed at /docs and in /api/openapi.json.`,
      });
    }
  });
});

describe('HSTS', () => {
  const https = { 'X-Forwarded-Proto': 'https' };

  it('is sent when the trusted proxy says the client came over https, on pages and API answers', async () => {
    const page = await fetchViaProxy(`${baseUrl}/`, { headers: https, forwardedFor: randomClientAddress() });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(page.headers.get('content-security-policy')).toMatch(/; upgrade-insecure-requests$/);
    const api = await fetchViaProxy(`${baseUrl}/api/health/live`, { headers: https, forwardedFor: randomClientAddress() });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const dashboard = await fetchViaProxy(`${baseUrl}/api/dashboard/keys`, { headers: https, forwardedFor: randomClientAddress() });
    expect(dashboard.status).toBe(401);
    expect(dashboard.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('is not sent when a client that is not a trusted proxy claims https itself', async () => {
    for (const path of ['/', '/api/health/live', '/api/dashboard/keys']) {
      const res = await fetch(`${baseUrl}${path}`, { headers: https });
      expect(res.headers.get('strict-transport-security')).toBeNull();
      if (path === '/') expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    }
  });
});

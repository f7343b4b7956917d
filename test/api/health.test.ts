import { describe, expect, it } from 'vitest';
import packageJson from '@/package.json';
import { authHeader, baseUrl, REQUEST_ID } from './helpers';

describe('GET /api/health', () => {
  it('reports status, the package version and whole seconds of uptime', async () => {
    const res = await fetch(`${baseUrl}/api/health`, { headers: authHeader });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
    const body = await res.json();
    expect(body).toStrictEqual({ status: 'healthy', version: packageJson.version, uptime: expect.any(Number) });
    expect(Number.isInteger(body.uptime) && body.uptime >= 0).toBe(true);
  });
});

describe('GET /api/health/live', () => {
  it('answers {"status":"healthy"} and nothing more', async () => {
    const res = await fetch(`${baseUrl}/api/health/live`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"status":"healthy"}');
  });
});

describe('wrong methods', () => {
  it.each([
    ['POST', '/api/health'],
    ['GET', '/api/convert'],
    ['PUT', '/api/validate'],
    ['DELETE', '/api/openapi.json'],
  ])('%s %s answers 405, not 500', async (method, path) => {
    const res = await fetch(`${baseUrl}${path}`, { method });
    expect(res.status).toBe(405);
  });
});

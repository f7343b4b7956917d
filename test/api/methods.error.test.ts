import { describe, expect, it } from 'vitest';
import { baseUrl, expectError } from './helpers';

describe('methods a route does not serve', () => {
  it.each([
    ['GET', '/api/convert', 'POST'],
    ['PUT', '/api/convert', 'POST'],
    ['DELETE', '/api/validate', 'POST'],
    ['POST', '/api/health', 'GET'],
    ['PATCH', '/api/health/live', 'GET'],
    ['POST', '/api/openapi.json', 'GET'],
  ])('%s %s answers 405 with the error body and Allow: %s', async (method, path, allowed) => {
    const res = await fetch(`${baseUrl}${path}`, { method });
    expect(res.headers.get('allow')).toBe(allowed);
    await expectError(res, 405, {
      code: 'method_not_allowed',
      message: `${method} is not served here; use ${allowed}.`,
    });
  });
});

describe('HEAD and OPTIONS', () => {
  it('HEAD of a GET route answers its status and headers without a body', async () => {
    const res = await fetch(`${baseUrl}/api/health/live`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('');
  });

  it.each([
    ['/api/convert', 'POST, OPTIONS'],
    ['/api/health', 'GET, HEAD, OPTIONS'],
  ])('OPTIONS %s answers 204 with Allow: %s', async (path, allow) => {
    const res = await fetch(`${baseUrl}${path}`, { method: 'OPTIONS' });
    expect([res.status, res.headers.get('allow'), await res.text()]).toStrictEqual([204, allow, '']);
  });
});

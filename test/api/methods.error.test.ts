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

// The origin the OpenAPI document's `servers` names: NEXTAUTH_URL's when configured, else the one
// the client reached (the forwarded host and scheme the front vouches for, or Host).
import { describe, expect, it } from 'vitest';
import { requestOrigin } from '@/lib/api/request-origin';

const request = (url: string, headers: Record<string, string> = {}) => ({
  url,
  headers: new Headers(headers),
});

describe('requestOrigin', () => {
  it('is the configured site origin when there is one', () => {
    expect(requestOrigin(request('http://127.0.0.1:3000/api/openapi.json', { host: '127.0.0.1:3000' }), 'https://yamljson.example')).toBe(
      'https://yamljson.example',
    );
  });

  it('else the forwarded host and scheme (first of a list), else Host, else the URL', () => {
    const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-host': 'api.example.test', 'x-forwarded-proto': 'https, http' };
    expect(requestOrigin(request('http://10.0.0.5:3000/api/openapi.json', forwarded), undefined)).toBe('https://api.example.test');
    expect(requestOrigin(request('http://10.0.0.5:3000/api/openapi.json', { host: 'localhost:3000' }), undefined)).toBe('http://localhost:3000');
    expect(requestOrigin(request('http://127.0.0.1:4000/api/openapi.json'), undefined)).toBe('http://127.0.0.1:4000');
  });
});

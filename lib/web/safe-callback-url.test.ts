import { describe, expect, it } from 'vitest';
import { safeCallbackUrl, sameSitePath } from './safe-callback-url';

const SITE = 'https://yamljson.example';

/** Where a browser goes when the page navigates to `target` (it parses it against the page's URL). */
const landsOn = (target: string) => new URL(target, `${SITE}/signin`).origin;

describe('safeCallbackUrl', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeCallbackUrl('/dashboard')).toBe('/dashboard');
    expect(safeCallbackUrl('/playground#state=z1')).toBe('/playground#state=z1');
    expect(safeCallbackUrl('/docs?x=1#errors')).toBe('/docs?x=1#errors');
    expect(safeCallbackUrl('/a/../dashboard')).toBe('/dashboard');
  });

  // The payloads as the page receives them (query-decoded), and their cousins.
  const PAYLOADS = [
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r/evil.example/x',
    '/\t\\evil.example/x',
    '/\n\\evil.example/x',
    '/\\\tevil.example/x',
    '/\t\t/evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/.//evil.example/x',
    '/./\\evil.example',
    '/%2e//evil.example',
    ' //evil.example',
    '\t//evil.example',
    'https://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '',
    undefined,
    ['/a'],
  ];

  it.each(PAYLOADS.map((p) => [JSON.stringify(p), p]))('never leaves the site for %s', (_name, payload) => {
    const target = safeCallbackUrl(payload);
    expect(landsOn(target)).toBe(SITE);
    expect(target.startsWith('/') && !/^\/[/\\]/.test(target)).toBe(true);
  });

  it('never leaves the site for any short mix of slashes, backslashes, dots and stripped characters', () => {
    const parts = ['/', '\\', '\t', '\n', '\r', '.', ' ', '%09', '%2f', '@', ':'];
    let checked = 0;
    const walk = (prefix: string, depth: number) => {
      for (const p of parts) {
        const value = `/${prefix}${p}evil.example/x`;
        const target = safeCallbackUrl(value);
        if (landsOn(target) !== SITE) throw new Error(`${JSON.stringify(value)} -> ${target} leaves the site`);
        checked += 1;
        if (depth > 1) walk(prefix + p, depth - 1);
      }
    };
    walk('', 4);
    expect(checked).toBe(11 + 11 ** 2 + 11 ** 3 + 11 ** 4);
  });

  it('answers the normal form, so what the page receives is what the browser will follow', () => {
    expect(sameSitePath('/dash board')).toBe('/dash%20board');
    expect(sameSitePath('/x\ty')).toBe('/xy');
    expect(sameSitePath('/.//evil.example/x')).toBe('/evil.example/x');
    expect(sameSitePath('/\t/evil.example/x')).toBeNull();
  });
});

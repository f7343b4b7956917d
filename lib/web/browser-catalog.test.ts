// The playground worker's catalog: it fetches the list and exactly the schemas a check needs (the entry's
// and those its $refs reach), from this site's API paths only, once each; then the check is the server's.
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { validateDocument } from '@/lib/schema';
import { BrowserCatalog } from './browser-catalog';

/** What GET /api/schemas and /api/schemas/{id} answer (the same index and files the server reads), with each path asked for. */
function siteApi() {
  const catalog = bundledCatalog();
  const asked: string[] = [];
  const fetchJson = async (path: string): Promise<unknown> => {
    asked.push(path);
    if (path === '/api/schemas') return { schemas: catalog.entries, external: catalog.external, files: Object.keys(catalog.index.files) };
    const id = decodeURIComponent(path.replace(/^\/api\/schemas\//, ''));
    const text = catalog.text(id);
    if (text === undefined) throw new Error(`GET ${path} answered 404`);
    return JSON.parse(text);
  };
  return { asked, fetchJson };
}

describe("the playground worker's catalog", () => {
  it('fetches the list and the schemas a check needs, from this site, once each', async () => {
    const api = siteApi();
    const browser = new BrowserCatalog(api.fetchJson);
    const request = { input: '{"name": "x", "prettier": {"printWidth": "wide"}}', type: 'json' as const, schema: 'package.json' };
    await browser.prepare(request);
    await browser.prepare(request);
    expect(api.asked[0]).toBe('/api/schemas');
    expect(api.asked.filter((p) => p === '/api/schemas/package')).toHaveLength(1);
    expect(api.asked).toContain('/api/schemas/prettierrc');
    expect(api.asked.every((p) => p.startsWith('/api/schemas'))).toBe(true);
    const result = validateDocument(request, { catalog: browser });
    expect(result).toStrictEqual(validateDocument(request, { catalog: bundledCatalog() }));
    expect(result.errors.map((e) => e.path)).toContain('/prettier/printWidth');
  });

  it('prepares "auto" by the file name, and leaves what matches nothing to the check, in the API\'s words', async () => {
    const api = siteApi();
    const browser = new BrowserCatalog(api.fetchJson);
    await browser.prepare({ input: '', type: 'yaml', schema: 'auto', filename: 'charts/web/Chart.yaml' });
    expect(api.asked).toStrictEqual(['/api/schemas', '/api/schemas/chart']);
    const request = { input: 'a: 1', type: 'yaml' as const, schema: 'auto', filename: 'notes.yaml' };
    await browser.prepare(request);
    expect(() => validateDocument(request, { catalog: browser })).toThrow(/^No catalog schema matches the file name "notes.yaml"/);
    expect(BrowserCatalog.wanted({ input: '', type: 'yaml', schema: 'required: [a]' })).toBe(false);
    expect(BrowserCatalog.wanted({ input: '', type: 'yaml', schema: 'GitHub Workflow' })).toBe(true);
  });
});

// GET /api/openapi.yaml: the OpenAPI document in YAML, the same data as /api/openapi.json.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectError } from './helpers';

describe('GET /api/openapi.yaml', () => {
  it('answers the same document as /api/openapi.json, as YAML', async () => {
    const [yamlRes, jsonRes] = await Promise.all([fetch(`${baseUrl}/api/openapi.yaml`), fetch(`${baseUrl}/api/openapi.json`)]);
    expect(yamlRes.status).toBe(200);
    expect(yamlRes.headers.get('content-type')).toBe('application/yaml; charset=utf-8');
    expect(yamlRes.headers.get('x-request-id')).toMatch(/^req_/);
    const text = await yamlRes.text();
    // YAML, not JSON text: block mappings at the top level.
    expect(text.startsWith('openapi: "3.1.0"\n')).toBe(true);
    expect(parse(text)).toStrictEqual(await jsonRes.json());
  });

  it('is documented in the document itself', async () => {
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    expect(Object.keys(doc.paths['/api/openapi.yaml'])).toStrictEqual(['get']);
    expect(Object.keys(doc.paths['/api/openapi.yaml'].get.responses['200'].content)).toStrictEqual(['application/yaml']);
  });

  it('serves GET only', async () => {
    const res = await fetch(`${baseUrl}/api/openapi.yaml`, { method: 'POST' });
    expect(res.headers.get('allow')).toBe('GET');
    await expectError(res, 405, { code: 'method_not_allowed', message: 'POST is not served here; use GET.' });
  });
});

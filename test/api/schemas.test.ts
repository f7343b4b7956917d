// The built-in schema catalog over HTTP: GET /api/schemas and /api/schemas/{id} (no key, cacheable,
// 304 on a matching ETag, 404 not_found), and POST /api/validate with a catalog name, an id or
// "auto" + filename: the answer names the schema used; every refusal is a 400 with its exact words.
import { describe, expect, it } from 'vitest';
import { baseUrl, expectError, postJson } from './helpers';

const ACCEPTED =
  '"schema" takes a JSON Schema (an object, or its JSON or YAML text), the name or id of a catalog schema (GET /api/schemas lists them), or "auto" with "filename".';

describe('GET /api/schemas', () => {
  it('lists the catalog without a key, with an ETag and a public Cache-Control', async () => {
    const res = await fetch(`${baseUrl}/api/schemas`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const body = (await res.json()) as { source: unknown; schemas: Array<Record<string, unknown>>; external: unknown[] };
    expect(body.source).toStrictEqual({
      repository: 'https://github.com/SchemaStore/schemastore',
      commit: '3b6446ad8a077bac56f4a4796c0b7fd88927fc8e',
      license: 'Apache-2.0',
    });
    expect({ schemas: body.schemas.length, external: body.external.length }).toStrictEqual({ schemas: 652, external: 762 });
    expect(body.schemas.find((entry) => entry.id === 'github-workflow')).toStrictEqual({
      id: 'github-workflow',
      name: 'GitHub Workflow',
      description: 'YAML GitHub Workflow',
      fileMatch: [
        '**/.github/workflows/*.yml',
        '**/.github/workflows/*.yaml',
        '**/.gitea/workflows/*.yml',
        '**/.gitea/workflows/*.yaml',
        '**/.forgejo/workflows/*.yml',
        '**/.forgejo/workflows/*.yaml',
      ],
      url: 'https://json.schemastore.org/github-workflow.json',
      draft: 'draft-07',
    });
    expect(body.schemas.filter((entry) => 'unusable' in entry).map((entry) => entry.id)).toHaveLength(8);
  });

  it('answers 304 with no body to a request that names the current ETag', async () => {
    const etag = (await fetch(`${baseUrl}/api/schemas`)).headers.get('etag')!;
    const res = await fetch(`${baseUrl}/api/schemas`, { headers: { 'If-None-Match': `W/"other", ${etag}` } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');
    expect((await fetch(`${baseUrl}/api/schemas`, { headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });
});

describe('GET /api/schemas/{id}', () => {
  it('answers the schema itself, with its own ETag', async () => {
    const res = await fetch(`${baseUrl}/api/schemas/chart`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/schema+json');
    expect(res.headers.get('etag')).toBe('"wBYnJjdqQQiVea23fy2U3R"');
    const schema = (await res.json()) as Record<string, unknown>;
    expect(schema.$id).toBe('https://json.schemastore.org/chart.json');
    expect(schema.title).toBe('Helm Chart.yaml');
    const again = await fetch(`${baseUrl}/api/schemas/chart`, { headers: { 'If-None-Match': '"wBYnJjdqQQiVea23fy2U3R"' } });
    expect(again.status).toBe(304);
  });

  it('serves the schemas entries refer to, which have no entry of their own', async () => {
    const res = await fetch(`${baseUrl}/api/schemas/base-04`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { $schema: string }).$schema).toBe('http://json-schema.org/draft-04/schema#');
  });

  it('answers 404 not_found for an id the catalog does not have', async () => {
    await expectError(await fetch(`${baseUrl}/api/schemas/no-such-schema`), 404, {
      code: 'not_found',
      message: 'No catalog schema has the id "no-such-schema"; GET /api/schemas lists them.',
    });
    await expectError(await fetch(`${baseUrl}/api/schemas/__proto__`), 404, {
      code: 'not_found',
      message: 'No catalog schema has the id "__proto__"; GET /api/schemas lists them.',
    });
  });
});

const WORKFLOW = 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n';

describe('POST /api/validate against the catalog', () => {
  it('takes a catalog name or id and names the schema used', async () => {
    for (const schema of ['GitHub Workflow', 'github-workflow', 'GITHUB-WORKFLOW']) {
      const res = await postJson('/api/validate', { input: WORKFLOW, type: 'yaml', schema });
      expect(await res.json()).toStrictEqual({
        success: true,
        valid: true,
        errors: [],
        schema: { id: 'github-workflow', name: 'GitHub Workflow', url: 'https://json.schemastore.org/github-workflow.json' },
      });
    }
  });

  it('takes "auto" with a file name and names the schema and the pattern that matched', async () => {
    const res = await postJson('/api/validate', {
      input: 'apiVersion: v2\nname: web\n',
      type: 'yaml',
      schema: 'auto',
      filename: 'charts/web/Chart.yaml',
    });
    expect(await res.json()).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'The document must have the property "version".',
          line: 1,
          column: 1,
          code: 'SCHEMA_REQUIRED',
          path: '/version',
          keyword: 'required',
          schemaPath: '#/required',
        },
      ],
      schema: { id: 'chart', name: 'Helm Chart.yaml', url: 'https://json.schemastore.org/chart.json', matchedPattern: 'Chart.yaml' },
    });
  });

  it('refuses an unknown name with 400, suggesting names that contain it', async () => {
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'workflow' }), 400, {
      code: 'bad_request',
      message: `Unknown schema "workflow": no catalog schema has that name or id (did you mean "workflows", "github-workflow", "github-workflow-template-properties"?). ${ACCEPTED}`,
    });
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'zz' }), 400, {
      code: 'bad_request',
      message: `Unknown schema "zz": no catalog schema has that name or id. ${ACCEPTED}`,
    });
  });

  it('refuses "auto" without a file name, and a file name no pattern matches, with 400', async () => {
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'auto' }), 400, {
      code: 'bad_request',
      message:
        'Field "filename" is required with "schema": "auto": the path of the document (".github/workflows/ci.yml"), matched with the catalog\'s fileMatch patterns.',
    });
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'auto', filename: 'k8s/deployment.yaml' }), 400, {
      code: 'bad_request',
      message:
        'No catalog schema matches the file name "k8s/deployment.yaml" (SchemaStore\'s fileMatch patterns, matched as editors match them; GET /api/schemas lists them). Pass "schema": a catalog name or id, or a JSON Schema.',
    });
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'auto', filename: 'a\u0000b.yml' }), 400, {
      code: 'bad_request',
      message: 'Field "filename" may not contain control characters.',
    });
  });

  it('says so when the file name or the name asks for a schema SchemaStore hosts elsewhere', async () => {
    await expectError(
      await postJson('/api/validate', { input: 'services: {}\n', type: 'yaml', schema: 'auto', filename: 'docker-compose.yml' }),
      400,
      {
        code: 'bad_request',
        message:
          'The catalog\'s "docker-compose.yml" schema (the file name matches its pattern "**/docker-compose.yml") is not built in: SchemaStore lists it at https://raw.githubusercontent.com/compose-spec/compose-go/master/schema/compose-spec.json, and this service never fetches schemas. Pass that schema itself as "schema".',
      },
    );
  });

  it('refuses a catalog schema that refers outside the catalog, with the reason the list gives', async () => {
    const list = (await (await fetch(`${baseUrl}/api/schemas`)).json()) as { schemas: Array<{ id: string; unusable?: string }> };
    const unusable = list.schemas.find((entry) => entry.id === 'openapi-3.X')!.unusable;
    expect(unusable).toBe(
      'The catalog schema "openapi-3.X" (openapi.json) cannot be used: its $ref "https://spec.openapis.org/oas/3.0/schema/2024-10-18" points outside the catalog, and schemas are never fetched.',
    );
    await expectError(
      await postJson('/api/validate', { input: 'openapi: 3.0.3\n', type: 'yaml', schema: 'auto', filename: 'api/openapi.yaml' }),
      400,
      {
        code: 'bad_request',
        message: unusable,
      },
    );
  });

  it('still reads schema text, booleans included, as a schema', async () => {
    const res = await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'false' });
    expect(((await res.json()) as { valid: boolean }).valid).toBe(false);
    const text = await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 'required: [b]' });
    expect(((await text.json()) as { errors: Array<{ code: string }> }).errors.map((e) => e.code)).toStrictEqual(['SCHEMA_REQUIRED']);
  });
});

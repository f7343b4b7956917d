/** POST /api/validate with a JSON Schema: violations with their places, and refused schemas as 400s. */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { expectError, postJson } from './helpers';

const SCHEMA = {
  type: 'object',
  required: ['apiVersion', 'kind', 'metadata'],
  properties: {
    apiVersion: { const: 'apps/v1' },
    kind: { enum: ['Deployment'] },
    metadata: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: '^[a-z0-9-]+$' } } },
    spec: { type: 'object', properties: { replicas: { type: 'integer', minimum: 0 } } },
  },
};

async function validateOk(body: Record<string, unknown>) {
  const res = await postJson('/api/validate', body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

describe('POST /api/validate with schema', () => {
  it('answers valid: true for a document that satisfies the schema, in YAML and JSON', async () => {
    const yaml = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';
    expect(await validateOk({ input: yaml, type: 'yaml', schema: SCHEMA })).toStrictEqual({ success: true, valid: true, errors: [] });
    const json = '{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}}';
    expect(await validateOk({ input: json, type: 'json', schema: JSON.stringify(SCHEMA) })).toStrictEqual({ success: true, valid: true, errors: [] });
  });

  it('answers every violation with its line, column, path, keyword and code', async () => {
    const yaml = 'apiVersion: apps/v2\nkind: Deployment\nmetadata:\n  labels: {}\nspec:\n  replicas: -1\n';
    expect(await validateOk({ input: yaml, type: 'yml', schema: SCHEMA })).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: '/apiVersion must be "apps/v1".',
          line: 1,
          column: 13,
          code: 'SCHEMA_ENUM',
          path: '/apiVersion',
          keyword: 'const',
          schemaPath: '#/properties/apiVersion/const',
        },
        {
          message: '/metadata must have the property "name".',
          line: 3,
          column: 1,
          code: 'SCHEMA_REQUIRED',
          path: '/metadata/name',
          keyword: 'required',
          schemaPath: '#/properties/metadata/required',
        },
        {
          message: '/spec/replicas must be >= 0.',
          line: 6,
          column: 13,
          code: 'SCHEMA_RANGE',
          path: '/spec/replicas',
          keyword: 'minimum',
          schemaPath: '#/properties/spec/properties/replicas/minimum',
        },
      ],
    });
  });

  it('checks each document of a YAML stream and says which', async () => {
    const yaml = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\n---\napiVersion: apps/v1\nkind: Service\nmetadata: {name: b}\n';
    const body = await validateOk({ input: yaml, type: 'yaml', schema: SCHEMA });
    expect(body.errors).toStrictEqual([
      {
        message: '/kind must be one of "Deployment".',
        line: 6,
        column: 7,
        code: 'SCHEMA_ENUM',
        path: '/kind',
        keyword: 'enum',
        schemaPath: '#/properties/kind/enum',
        document: 1,
      },
    ]);
  });

  it('reports syntax errors, and no violations, for a document that does not parse', async () => {
    const body = await validateOk({ input: 'a: 1\na: 2\n', type: 'yaml', schema: SCHEMA });
    expect(body).toStrictEqual({ success: true, valid: false, errors: [{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }] });
  });

  it('refuses a remote $ref with 400 and a clear message, fetching nothing', async () => {
    const res = await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: { $ref: 'http://127.0.0.1:9/schema.json' } });
    await expectError(res, 400, {
      code: 'bad_request',
      message:
        'The schema\'s $ref "http://127.0.0.1:9/schema.json" points outside the schema; remote schemas are never fetched. Put the referenced schema in "$defs" (with its "$id") instead.',
    });
  });

  it('refuses a schema that is not one, with 400', async () => {
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: 5 }), 400, {
      code: 'bad_request',
      message:
        'Field "schema" must be a JSON Schema: an object (or true or false), or its JSON or YAML text; or a catalog schema\'s name or id, or "auto".',
    });
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema: { minimum: 'one' } }), 400, {
      code: 'bad_request',
      message: 'The schema is not a valid JSON Schema: schema/minimum must be number',
    });
  });

  it('answers a pattern catastrophic for a backtracking engine at once: `^(a+)+$` against 44 `a` then `!`', async () => {
    const body = { input: JSON.stringify(`${'a'.repeat(44)}!`), type: 'json', schema: { type: 'string', pattern: '^(a+)+$' } };
    // Once per worker and once more (one worker per core): on V8, an expression's first match in a
    // worker runs in its interpreter (about 80 s here), the next ones in machine code (hours).
    const answers = [];
    for (let i = 0; i <= availableParallelism(); i++) answers.push(await validateOk(body));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'The document must match pattern "^(a+)+$".',
          line: 1,
          column: 1,
          code: 'SCHEMA_PATTERN',
          path: '',
          keyword: 'pattern',
          schemaPath: '#/pattern',
        },
      ],
    });
  });

  it('refuses a pattern RE2 cannot run with 400, naming it and why', async () => {
    const res = await postJson('/api/validate', { input: 'a: aa', type: 'yaml', schema: { properties: { a: { pattern: '^(a)\\1$' } } } });
    await expectError(res, 400, {
      code: 'bad_request',
      message:
        'The schema\'s "pattern" "^(a)\\\\1$" uses a backreference, which this service does not run (patterns run in linear time, RE2 syntax).',
    });
  });

  it('checks uniqueItems over object items in linear time', async () => {
    // The 36,500 items (about 1 MB; a pairwise check took 21 s of CPU), then 100,000 (2.7 MB,
    // the first one twice; pairwise, past the worker's time limit).
    const items = (count: number) =>
      Array.from({ length: count }, (_, i) => `{"k":"${String(i).padStart(5, '0')}","v":"${String(i % 1000).padStart(6, '0')}"}`);
    const schema = { type: 'array', uniqueItems: true };
    const distinct = items(36_500);
    expect(await validateOk({ input: `[${distinct.join(',')}]`, type: 'json', schema })).toStrictEqual({ success: true, valid: true, errors: [] });
    const many = items(100_000);
    const repeated = `[${many[0]},${many.join(',')}]`;
    expect(await validateOk({ input: repeated, type: 'json', schema })).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'The document must NOT have duplicate items (items ## 0 and 1 are identical).',
          line: 1,
          column: 1,
          code: 'SCHEMA_ITEMS',
          path: '',
          keyword: 'uniqueItems',
          schemaPath: '#/uniqueItems',
        },
      ],
    });
  });

  const loops = (loop: string) =>
    `The schema loops: it applies itself to the same value without moving into it (${loop}), so checking a document against it would never end. A schema may refer back to itself only through a keyword that moves into the value, such as "properties" or "items" ({"items": {"$ref": "#"}}).`;

  it.each([
    ['{"$ref": "#"}', { $ref: '#' }, '# -> # by "$ref"'],
    ['{"$ref": "#/"}', { $ref: '#/' }, '# -> # by "$ref"'],
    ['allOf', { allOf: [{ $ref: '#' }] }, '# -> #/allOf/0 by "allOf", #/allOf/0 -> # by "$ref"'],
    ['draft-07', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', $ref: '#' }, '# -> # by "$ref"'],
    ['$dynamicRef', { $dynamicRef: '#' }, '# -> # by "$dynamicRef"'],
    [
      'a -> b -> a',
      { $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' },
      '#/$defs/a -> #/$defs/b by "$ref", #/$defs/b -> #/$defs/a by "$ref"',
    ],
  ])('refuses a schema that loops in place (%s) with 400 naming the loop, never 500', async (_name, schema, loop) => {
    await expectError(await postJson('/api/validate', { input: 'a: 1', type: 'yaml', schema }), 400, { code: 'bad_request', message: loops(loop) });
  });

  it('answers 400, never 500, when a check runs out of stack, and still checks a recursive schema that descends', async () => {
    // No loop, but 150 references in a row for each of 256 levels of the document.
    const $defs: Record<string, unknown> = { a150: { items: { $ref: '#/$defs/a0' } } };
    for (let i = 0; i < 150; i++) $defs[`a${i}`] = { allOf: [{ $ref: `#/$defs/a${i + 1}` }] };
    const deep = { input: '['.repeat(256) + ']'.repeat(256), type: 'json', schema: { $defs, $ref: '#/$defs/a0' } };
    await expectError(await postJson('/api/validate', deep), 400, {
      code: 'bad_request',
      message:
        'Checking this document against the schema ran out of stack: the schema goes through too many references in a row, or refers back to itself without end. A schema may refer back to itself only through a keyword that moves into the value, such as "properties" or "items" ({"items": {"$ref": "#"}}).',
    });
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    const body = await validateOk({ input: 'name: a\nchildren:\n  - name: b\n    children: [{name: 3}]\n', type: 'yaml', schema: tree });
    expect(body.errors.map((e: { code: string; path: string }) => `${e.code} ${e.path}`)).toStrictEqual(['SCHEMA_TYPE /children/0/children/0/name']);
  });
});

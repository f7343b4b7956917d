import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERROR_STATUS, PUBLIC_API_ERROR_CODES } from '@/lib/api/errors';
import { INTERNAL_API_PREFIXES } from '@/lib/api/openapi';
import { PUBLIC_ROUTES, type PublicPath } from '@/lib/api/public-routes';
import * as schemas from '@/lib/api/schemas';
import { convert } from '@/lib/converter';
import { ISSUE_CODE_LIST, ISSUE_CODES } from '@/lib/converter/issue-codes';
import { FORMATTING_OPTIONS } from '@/lib/converter/options';
import packageJson from '@/package.json';
import {
  convertRequestExamples,
  convertResponseExamples,
  formatRequestExamples,
  formatResponseExamples,
  rawConvertExamples,
  validateRequestExamples,
  validateResponseExamples,
} from '@/lib/api/openapi-examples';
import { baseUrl, postBytes, postJson } from './helpers';

type Json = Record<string, any>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route the app serves: `app/api/x/route.ts` -> `/api/x` with the methods it serves. A route file exports
 * the five methods from `nextRoutes('/api/x')`; the ones served are those of its entry in the public table.
 */
function appRoutes(dir = path.resolve(__dirname, '../../app/api'), prefix = '/api'): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...appRoutes(full, `${prefix}/${entry.name}`));
    else if (entry.name === 'route.ts') {
      const source = readFileSync(full, 'utf8');
      if (INTERNAL_API_PREFIXES.some((p) => prefix === p || prefix.startsWith(`${p}/`))) continue;
      // The catch-all of paths nothing serves (404 not_found) documents nothing.
      if (prefix === '/api/[...path]') {
        expect(source, full).toContain('nextNoSuchPath()');
        continue;
      }
      expect(/nextRoutes\('([^']*)'\)/.exec(source)?.[1], full).toBe(prefix);
      const served = Object.hasOwn(PUBLIC_ROUTES, prefix) ? Object.keys(PUBLIC_ROUTES[prefix as PublicPath].methods) : [];
      // Next's folder `[id]` is the document's `{id}`.
      found.push([prefix.replace(/\[(\w+)\]/g, '{$1}'), METHODS.filter((m) => served.includes(m))]);
    }
  }
  return found;
}

const SCHEMAS: Record<string, z.ZodType> = {
  ConvertRequest: schemas.ConvertRequestSchema,
  FormatRequest: schemas.FormatRequestSchema,
  ValidateRequest: schemas.ValidateRequestSchema,
  ConvertResponse: schemas.ConvertResponseSchema,
  ValidateResponse: schemas.ValidateResponseSchema,
  HealthResponse: schemas.HealthResponseSchema,
  LiveResponse: schemas.LiveResponseSchema,
  ReadyResponse: schemas.ReadyResponseSchema,
  ErrorResponse: schemas.ErrorResponseSchema,
  SchemaListResponse: schemas.SchemaListResponseSchema,
};

let doc: Json;

function resolve(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((n: Json | undefined, key: string) => n?.[key], doc);
  if (!target) throw new Error(`unresolved ${node.$ref}`);
  return resolve(target);
}

/** [schema id, example name, value] for every JSON example whose schema is a documented component. */
function jsonExamples(): Array<[string, string, unknown]> {
  const out: Array<[string, string, unknown]> = [];
  const collect = (content: Json | undefined) => {
    const media = content?.['application/json'];
    if (!media?.examples) return;
    const refs: string[] = media.schema.$ref ? [media.schema.$ref] : media.schema.anyOf.map((s: Json) => s.$ref).filter(Boolean);
    for (const [name, example] of Object.entries<Json>(media.examples)) {
      if (name.startsWith('raw')) continue; // raw mode answers the converted document itself
      for (const ref of refs) out.push([ref.split('/').pop()!, name, resolve(example).value]);
    }
  };
  for (const item of Object.values<Json>(doc.paths)) {
    for (const op of Object.values<Json>(item)) {
      collect(op.requestBody?.content);
      for (const response of Object.values<Json>(op.responses)) collect(resolve(response).content);
    }
  }
  return out;
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the package version', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(packageJson.version);
  });

  it('documents every route and method the app serves', () => {
    const routes = appRoutes();
    expect(routes.map(([p]) => p).sort()).toStrictEqual(Object.keys(doc.paths).sort());
    for (const [route, methods] of routes) {
      expect(Object.keys(doc.paths[route]).sort(), route).toStrictEqual(methods.map((m) => m.toLowerCase()).sort());
    }
  });

  it('marks the keyed endpoints as secured with a bearer key and the others as open', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [route, method] of [
      ['/api/convert', 'post'],
      ['/api/validate', 'post'],
      ['/api/format', 'post'],
      ['/api/health', 'get'],
    ] as const) {
      expect(doc.paths[route][method].security, route).toStrictEqual([{ bearerAuth: [] }]);
    }
    expect(doc.paths['/api/health/live'].get.security).toStrictEqual([]);
    expect(doc.paths['/api/openapi.json'].get.security).toStrictEqual([]);
  });

  it('has every error code of the contract under its status, with the error schema and an example', () => {
    const documented = new Map<string, number>();
    for (const response of Object.values<Json>(doc.components.responses)) {
      const media = response.content['application/json'];
      expect(media.schema).toStrictEqual({ $ref: '#/components/schemas/ErrorResponse' });
      for (const example of Object.values<Json>(media.examples)) {
        documented.set(example.value.error.code, example.value.error.code);
      }
    }
    expect([...documented.keys()].sort()).toStrictEqual([...PUBLIC_API_ERROR_CODES].sort());
    const statuses = Object.keys(doc.components.responses).map((name) => {
      const example = Object.values<Json>(doc.components.responses[name].content['application/json'].examples)[0]!;
      return ERROR_STATUS[example.value.error.code as keyof typeof ERROR_STATUS];
    });
    expect(new Set(statuses)).toStrictEqual(new Set(PUBLIC_API_ERROR_CODES.map((code) => ERROR_STATUS[code])));
  });

  it('lists every validation issue code as the enum of ValidationIssue.code, each with its description', () => {
    const code = doc.components.schemas.ValidationIssue.properties.code;
    expect(code.enum).toStrictEqual(ISSUE_CODE_LIST);
    expect(code['x-enumDescriptions']).toStrictEqual(ISSUE_CODES);
  });

  it('documents raw mode: query parameters, body types and X-Conversion-* headers', () => {
    const op = doc.paths['/api/convert'].post;
    expect(op.parameters.map((p: Json) => p.name)).toStrictEqual([
      'from',
      'to',
      'preserveComments',
      'preserveAnchors',
      'yamlVersion',
      'indent',
      'sortKeys',
      'jsonStyle',
      'flowLevel',
      'quoteStyle',
      'lineWidth',
      'portable',
    ]);
    expect(Object.keys(op.requestBody.content)).toEqual(expect.arrayContaining(['application/json', 'application/yaml', 'text/yaml']));
    expect(Object.keys(op.responses['200'].content)).toStrictEqual(['application/json', 'application/yaml']);
    expect(Object.keys(op.responses['200'].headers)).toEqual(
      expect.arrayContaining(['X-Conversion-Input-Size', 'X-Conversion-Documents', 'X-Conversion-Warnings']),
    );
  });

  it('describes every formatting field of convert and format, in the body and as a raw-mode query parameter', () => {
    const fields = ['indent', 'sortKeys', 'jsonStyle', 'flowLevel', 'quoteStyle', 'lineWidth'];
    for (const id of ['ConvertRequest', 'FormatRequest']) {
      for (const field of fields) {
        expect(doc.components.schemas[id].properties[field]?.description, `${id}.${field}`).toEqual(expect.stringMatching(/^.{40,}$/s));
      }
    }
    expect(doc.components.schemas.ConvertRequest.properties.indent.enum).toStrictEqual([2, 4]);
    expect(doc.components.schemas.ConvertRequest.properties.quoteStyle.enum).toStrictEqual(['plain', 'single', 'double']);
    const params = doc.paths['/api/convert'].post.parameters as Json[];
    for (const field of fields) expect(params.find((p) => p.name === field)?.description, field).toMatch(/^Raw mode: as `\w+` in the JSON body\./);
    expect(doc.paths['/api/convert'].post.description).toMatch(/`outputType` equal to `inputType` the conversion is formatting/);
  });

  it('resolves every $ref', () => {
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if ('$ref' in node) resolve(node as Json);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(Object.keys(SCHEMAS)));
  });

  it('has request and response examples for every endpoint, each valid against its zod schema', () => {
    const examples = jsonExamples();
    expect(new Set(examples.map(([id]) => id))).toStrictEqual(new Set(Object.keys(SCHEMAS)));
    for (const [id, name, value] of examples) {
      const result = SCHEMAS[id]!.safeParse(value);
      expect(result.success, `${id} example "${name}": ${result.error?.message}`).toBe(true);
    }
  });
});

describe('the OpenAPI examples are what the server really answers', () => {
  it('convert: the YAML -> JSON example', async () => {
    const res = await postJson('/api/convert', convertRequestExamples.yamlToJson!.value);
    expect(res.status).toBe(200);
    const expected = convertResponseExamples.yamlToJson!.value;
    expect(await res.json()).toEqual({
      ...expected,
      metadata: { ...expected.metadata, processingMs: expect.any(Number) },
    });
  });

  it('convert: every request example succeeds', async () => {
    for (const { value } of Object.values(convertRequestExamples)) {
      const res = await postJson('/api/convert', value);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
  });

  it('validate: the invalid example gives exactly the documented errors', async () => {
    const res = await postJson('/api/validate', validateRequestExamples.yaml!.value);
    expect(await res.json()).toEqual(validateResponseExamples.yaml!.value);
    const jsonc = await postJson('/api/validate', validateRequestExamples.jsonc!.value);
    expect(await jsonc.json()).toEqual(validateResponseExamples.jsonc!.value);
  });

  it('convert: the YAML 1.1 example gives exactly the documented output', async () => {
    const res = await postJson('/api/convert', convertRequestExamples.yaml11!.value);
    expect(res.status).toBe(200);
    const expected = convertResponseExamples.yaml11!.value;
    expect(await res.json()).toEqual({ ...expected, metadata: { ...expected.metadata, processingMs: expect.any(Number) } });
  });

  it('validate: every request example is answered, the YAML 1.1 one with its duplicate key', async () => {
    for (const { value } of Object.values(validateRequestExamples)) {
      const res = await postJson('/api/validate', value);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
    const res = await postJson('/api/validate', validateRequestExamples.yaml11!.value);
    expect((await res.json()).errors).toEqual([{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }]);
  });

  it('raw mode: the documented yamlVersion parameter example works verbatim', async () => {
    const param = doc.paths['/api/convert'].post.parameters.find((p: Json) => p.name === 'yamlVersion');
    const input = convertRequestExamples.yaml11!.value.input;
    const res = await postBytes(`/api/convert?from=yaml&to=json&yamlVersion=${param.example}`, input, 'application/yaml');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(convertResponseExamples.yaml11!.value.output);
  });

  it('raw mode: each formatting parameter example works verbatim and gives what the converter gives with that option', async () => {
    const params = doc.paths['/api/convert'].post.parameters.filter((p: Json) => (FORMATTING_OPTIONS as readonly string[]).includes(p.name));
    expect(params.map((p: Json) => p.name)).toStrictEqual([...FORMATTING_OPTIONS]);
    const input = 'name: yamljson\nb: [1, 2]\nabout: a line of text that is longer than forty characters in all\nkeys: {z: 1, a: 2}\n"on": push\n';
    for (const param of params) {
      expect(param.example, param.name).toBeDefined();
      const to = param.name === 'jsonStyle' ? 'json' : 'yaml';
      const res = await postBytes(`/api/convert?from=yaml&to=${to}&${param.name}=${param.example}`, input, 'application/yaml');
      expect(res.status, param.name).toBe(200);
      const output = await res.text();
      expect(output, param.name).toBe(convert({ input, inputType: 'yaml', outputType: to, [param.name]: param.example }).output);
      // The parameter changed something: the example is not a default.
      expect(output, param.name).not.toBe(convert({ input, inputType: 'yaml', outputType: to }).output);
    }
  });

  it('validate: the schema example gives exactly the documented violations', async () => {
    const res = await postJson('/api/validate', validateRequestExamples.schema!.value);
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual(validateResponseExamples.schema!.value);
  });

  it('format: every request example succeeds, and the YAML one gives exactly the documented answer', async () => {
    for (const [name, { value }] of Object.entries(formatRequestExamples)) {
      const res = await postJson('/api/format', value);
      expect(res.status, name).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
    const res = await postJson('/api/format', formatRequestExamples.yaml!.value);
    const expected = formatResponseExamples.yaml!.value;
    expect(await res.json()).toEqual({ ...expected, metadata: { ...expected.metadata, processingMs: expect.any(Number) } });
  });

  it('raw mode: the documented input gives the documented output', async () => {
    const res = await postBytes('/api/convert?from=yaml&to=json', rawConvertExamples.yamlIn, 'application/yaml');
    expect(res.status).toBe(200);
    expect(JSON.parse(await res.text())).toEqual(rawConvertExamples.jsonOut);
    const back = await postBytes('/api/convert?from=json&to=yaml', '{"name": "yamljson", "port": 8080}', 'application/json');
    expect(await back.text()).toBe(rawConvertExamples.yamlOut);
  });
});

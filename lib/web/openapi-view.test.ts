import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, DASHBOARD_ERROR_CODES, PUBLIC_API_ERROR_CODES } from '@/lib/api/errors';
import { ERROR_MEANINGS } from '@/lib/errors/error-meanings';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { ISSUE_CODE_LIST, ISSUE_CODES } from '@/lib/converter/issue-codes';
import { toApiReferenceView, typeText } from './openapi-view';

describe('the API reference view of the served OpenAPI document', () => {
  const doc = getOpenApiDocument() as Record<string, unknown>;
  const view = toApiReferenceView(doc);
  const paths = doc.paths as Record<string, Record<string, unknown>>;

  it('has one operation per path and method of the document', () => {
    const expected = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(view.operations.map((op) => `${op.method} ${op.path}`)).toEqual(expected);
  });

  it('gives convert and validate request and response examples', () => {
    for (const id of ['convert', 'validate']) {
      const op = view.operations.find((o) => o.id === id)!;
      expect(op.keyed).toBe(true);
      expect(op.requestBody.find((m) => m.mediaType === 'application/json')!.examples.length).toBeGreaterThan(0);
      const ok = op.responses.find((r) => r.status === '200')!;
      expect(ok.contents.flatMap((c) => c.examples).length).toBeGreaterThan(0);
    }
    expect(view.operations.find((o) => o.path === '/api/health/live')!.keyed).toBe(false);
  });

  it('lists every error code of the API with its status and an example body', () => {
    const codes = view.errorCodes.map((e) => e.code);
    // The public API's codes; the dashboard's own (forbidden, not_found) are not part of it.
    for (const code of API_ERROR_CODES.filter((c) => !DASHBOARD_ERROR_CODES.includes(c))) expect(codes).toContain(code);
    for (const e of view.errorCodes) expect(e.statuses.length, e.code).toBeGreaterThan(0);
    const invalid = view.errorCodes.find((e) => e.code === 'invalid_input')!;
    expect(invalid.statuses).toEqual(['422']);
    expect(JSON.parse(invalid.example!).error.code).toBe('invalid_input');
    expect(view.errorCodes.find((e) => e.code === 'unauthorized')!.statuses).toEqual(['401']);
  });

  it('resolves schemas into fields with readable types', () => {
    const convertRequest = view.schemas.find((s) => s.name === 'ConvertRequest')!;
    expect(convertRequest.properties.find((p) => p.name === 'input')).toMatchObject({ type: 'string', required: true });
    expect(convertRequest.properties.find((p) => p.name === 'preserveComments')).toMatchObject({ type: 'boolean', required: false });
  });

  it('shows yamlVersion on /docs: in both request bodies, as raw mode parameter, with the 1.1 example', () => {
    for (const name of ['ConvertRequest', 'ValidateRequest']) {
      const field = view.schemas.find((s) => s.name === name)!.properties.find((p) => p.name === 'yamlVersion');
      expect(field, name).toMatchObject({ type: '"1.1" | "1.2"', required: false, description: expect.stringContaining('PyYAML') });
    }
    const convert = view.operations.find((o) => o.id === 'convert')!;
    expect(convert.parameters.find((p) => p.name === 'yamlVersion')).toMatchObject({ type: '"1.1" | "1.2"' });
    const examples = convert.requestBody.find((m) => m.mediaType === 'application/json')!.examples;
    expect(examples.map((e) => e.text).join('\n')).toContain('"yamlVersion": "1.1"');
  });

  it('shows every validation issue code with its meaning, not a list ending in "..."', () => {
    const code = view.schemas.find((s) => s.name === 'ValidationIssue')!.properties.find((p) => p.name === 'code')!;
    expect(code.values!.map((v) => v.value)).toStrictEqual(ISSUE_CODE_LIST);
    for (const v of code.values!) expect(v.description).toBe(ISSUE_CODES[v.value as keyof typeof ISSUE_CODES]);
    expect(code.type).toBe(`one of the ${ISSUE_CODE_LIST.length} values below`);
  });

  it("shows ErrorResponse's nested error object field by field, the code with every value and its meaning", () => {
    const props = view.schemas.find((s) => s.name === 'ErrorResponse')!.properties;
    expect(props.map((p) => [p.name, p.required])).toStrictEqual([
      ['success', true],
      ['error', true],
      ['error.code', true],
      ['error.message', true],
      ['error.requestId', true],
      ['error.details', false],
      ['error.dependencies', false],
    ]);
    expect(props.find((p) => p.name === 'error.details')!.type).toBe('array of ValidationIssue');
    const code = props.find((p) => p.name === 'error.code')!;
    expect(code.values!.map((v) => v.value)).toStrictEqual([...PUBLIC_API_ERROR_CODES]);
    for (const v of code.values!) expect(v.description, v.value).toBe(ERROR_MEANINGS[v.value as keyof typeof ERROR_MEANINGS]);
  });

  it('gives each error code its own meaning: no two rows say the same', () => {
    const descriptions = view.errorCodes.map((e) => e.description);
    for (const d of descriptions) expect(d.length).toBeGreaterThan(20);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(view.errorCodes.find((e) => e.code === 'limit_exceeded')!.description).toBe(ERROR_MEANINGS.limit_exceeded);
  });
});

describe('typeText', () => {
  it('says what a schema accepts', () => {
    expect(typeText({ $ref: '#/components/schemas/ValidationIssue' })).toBe('ValidationIssue');
    expect(typeText({ type: 'array', items: { $ref: '#/components/schemas/X' } })).toBe('array of X');
    expect(typeText({ enum: ['yaml', 'json'] })).toBe('"yaml" | "json"');
    expect(typeText({ const: false })).toBe('false');
    expect(typeText({ type: 'integer', minimum: 0 })).toBe('integer ≥ 0');
    expect(typeText({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(typeText(undefined)).toBe('any');
  });
});

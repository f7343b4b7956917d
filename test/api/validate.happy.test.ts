import { describe, expect, it } from 'vitest';
import { postJson, REQUEST_ID } from './helpers';

async function validateOk(body: Record<string, unknown>) {
  const res = await postJson('/api/validate', body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
  return json;
}

describe('POST /api/validate', () => {
  it.each([
    ['yaml', 'a: 1\nb: [1, 2]\n'],
    ['YML', 'a: 1\n'],
    ['json', '{"a": [1, 2.5e3, "x"]}'],
    ['jsonc', '{\n  // port\n  "port": 8080,\n}'],
    ['yaml', ''],
  ])('finds no error in valid %s', async (type, input) => {
    expect(await validateOk({ input, type })).toStrictEqual({ success: true, valid: true, errors: [] });
  });

  it('answers 200 with valid: false and a positioned error for a duplicate YAML key', async () => {
    const body = await validateOk({ input: 'a: 1\na: 2\n', type: 'yaml' });
    expect(body).toStrictEqual({
      success: true,
      valid: false,
      errors: [{ message: expect.any(String), line: 2, column: 1, code: 'DUPLICATE_KEY' }],
    });
  });

  it('reports several errors, not only the first', async () => {
    const body = await validateOk({ input: 'a: 1\na: 2\nb: 1\nb: 2\n', type: 'yaml' });
    expect(body.valid).toBe(false);
    expect(body.errors.map((e: { line: number }) => e.line)).toStrictEqual([2, 4]);
  });

  it('treats type json as strict and suggests jsonc for a trailing comma', async () => {
    const body = await validateOk({ input: '{"a": 1,}', type: 'json' });
    expect(body.valid).toBe(false);
    expect(body.errors[0]).toMatchObject({ line: 1, message: expect.stringMatching(/jsonc/) });
  });

  it('reports a lone surrogate as INVALID_UTF8 at its position', async () => {
    const res = await postJson('/api/validate', '{"input": "a: 1\\nb: \\ud800", "type": "yaml"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'Lone surrogate U+D800: not a Unicode character, so it has no UTF-8 form.',
          line: 2,
          column: 4,
          code: 'INVALID_UTF8',
        },
      ],
    });
  });
});

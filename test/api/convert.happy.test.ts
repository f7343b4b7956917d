import { describe, expect, it } from 'vitest';
import { postJson, REQUEST_ID } from './helpers';

async function convertOk(body: Record<string, unknown>) {
  const res = await postJson('/api/convert', body);
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
  return json;
}

describe('POST /api/convert (JSON mode)', () => {
  it('converts YAML to JSON and reports the metadata', async () => {
    const body = await convertOk({ input: 'a: 1', inputType: 'yaml', outputType: 'json' });
    expect(body).toStrictEqual({
      success: true,
      output: '{\n  "a": 1\n}\n',
      metadata: {
        inputSize: 4,
        outputSize: 13,
        processingMs: expect.any(Number),
        anchorsCount: 0,
        commentsCount: 0,
        documents: 1,
      },
      warnings: [],
    });
    expect(Number.isInteger(body.metadata.processingMs)).toBe(true);
  });

  it('counts anchors and comments in the input and expands aliases', async () => {
    const input = '# defaults\nbase: &base\n  retries: 3 # enough\nprod: *base\n';
    const body = await convertOk({ input, inputType: 'yaml', outputType: 'json' });
    expect(body.output).toBe('{\n  "base": {\n    "retries": 3\n  },\n  "prod": {\n    "retries": 3\n  }\n}\n');
    expect(body.metadata).toMatchObject({ anchorsCount: 1, commentsCount: 2, documents: 1, inputSize: input.length });
  });

  it('keeps key order and the exact digits of big numbers', async () => {
    const body = await convertOk({ input: 'b: 1\n2: 2\nn: 12345678901234567890\n', inputType: 'yaml', outputType: 'json' });
    expect(body.output).toBe('{\n  "b": 1,\n  "2": 2,\n  "n": 12345678901234567890\n}\n');
  });

  it('converts JSON to YAML', async () => {
    const body = await convertOk({ input: '{"name": "yamljson", "port": 8080}', inputType: 'json', outputType: 'yaml' });
    expect(body.output).toBe('name: yamljson\nport: 8080\n');
    expect(body.metadata).toMatchObject({ inputSize: 34, outputSize: 26, documents: 1, anchorsCount: 0 });
  });

  it('accepts yml and type names in any case', async () => {
    const body = await convertOk({ input: 'a: 1', inputType: 'YML', outputType: ' Json ' });
    expect(body.output).toBe('{\n  "a": 1\n}\n');
  });

  it('ignores unknown fields', async () => {
    const body = await convertOk({ input: 'a: 1', inputType: 'yaml', outputType: 'json', extra: { x: 1 } });
    expect(body.output).toBe('{\n  "a": 1\n}\n');
  });

  it('counts UTF-8 bytes, not characters', async () => {
    const body = await convertOk({ input: 'k: é😀', inputType: 'yaml', outputType: 'json' });
    expect(body.output).toBe('{\n  "k": "é😀"\n}\n');
    expect(body.metadata.inputSize).toBe(3 + 2 + 4);
  });

  it('answers null for an empty YAML input', async () => {
    const body = await convertOk({ input: '', inputType: 'yaml', outputType: 'json' });
    expect(body.output).toBe('null\n');
    expect(body.metadata.inputSize).toBe(0);
  });

  it('warns that preserveComments makes JSONC and that JSON cannot keep anchors', async () => {
    const body = await convertOk({
      input: 'a: &x 1 # one\nb: *x\n',
      inputType: 'yaml',
      outputType: 'json',
      preserveComments: true,
      preserveAnchors: true,
    });
    expect(body.warnings).toStrictEqual([
      'preserveComments: the output is JSONC (JSON with comments), not strict JSON.',
      'preserveAnchors: JSON has no references, so aliases were expanded.',
    ]);
    expect(body.output).toContain('// one');
  });

  it('accepts a charset parameter and application/*+json', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.yamljson+json']) {
      const res = await postJson('/api/convert', { input: 'a: 1', inputType: 'yaml', outputType: 'json' }, type);
      expect(res.status).toBe(200);
    }
  });
});

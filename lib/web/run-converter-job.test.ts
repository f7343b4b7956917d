import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';
import { toConversionView } from './conversion-view';
import { runConverterJob } from './run-converter-job';
import { SAMPLES } from './samples';
import fs from 'node:fs';
import path from 'node:path';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { toPlaygroundRequest } from './playground-state';

describe('the playground converter job', () => {
  it('answers convert exactly as lib/converter does', () => {
    const request = { input: 'b: 1\na: 12345678901234567890\n', inputType: 'yaml', outputType: 'json' };
    const answer = runConverterJob({ kind: 'convert', request });
    expect(answer).toEqual({ ...convert(request), metadata: { ...convert(request).metadata, processingMs: expect.any(Number) } });
  });

  it('answers invalid input with the API error body and every positioned error', () => {
    const answer = runConverterJob({ kind: 'convert', request: { input: 'a: 1\na: 2\n', inputType: 'yaml', outputType: 'json' } });
    expect(answer.success).toBe(false);
    if (answer.success) return;
    expect(answer.error.code).toBe('invalid_input');
    expect(answer.error.details).toEqual([expect.objectContaining({ line: 2, column: 1, code: 'DUPLICATE_KEY' })]);
    const view = toConversionView({ endpoint: '/api/convert', body: { input: '', inputType: 'yaml', outputType: 'json' } }, answer);
    expect(view.title).toBe('Error response (422 invalid_input)');
    expect(view.problems).toEqual([expect.objectContaining({ line: 2, column: 1 })]);
    expect(view.isDocument).toBe(false);
  });

  it('answers a bad type as bad_request, without a place', () => {
    const answer = runConverterJob({ kind: 'convert', request: { input: 'a', inputType: 'xml', outputType: 'json' } });
    expect(answer).toEqual({ success: false, error: { code: 'bad_request', message: expect.stringContaining('xml') } });
  });

  it('answers validate with valid: false and the errors', () => {
    const answer = runConverterJob({ kind: 'validate', request: { input: '{"a": 1,}', type: 'json' } });
    expect(answer).toMatchObject({ success: true, valid: false });
    const view = toConversionView({ endpoint: '/api/validate', body: { input: '', type: 'json' } }, answer);
    expect(view.summary).toBe('Invalid: 1 problem');
  });

  it('converts every sample without a problem', () => {
    for (const sample of SAMPLES) {
      const request = toPlaygroundRequest(sample.state);
      const answer = runConverterJob(
        request.endpoint === '/api/convert' ? { kind: 'convert', request: request.body } : { kind: 'validate', request: request.body },
      );
      expect(answer.success, sample.id).toBe(true);
      const view = toConversionView(request, answer);
      expect(view.isDocument, sample.id).toBe(true);
      expect(view.fileName).toBe(`converted.${sample.state.outputFormat}`);
    }
  });

  it("checks the Compose sample against the Compose schema a user passes: valid; a catalog name in the API's words", () => {
    const sample = SAMPLES.find((s) => s.id === 'compose')!;
    const schema = fs.readFileSync(path.join(__dirname, '../../test/schema/fixtures/compose-spec.json'), 'utf8');
    expect(runConverterJob({ kind: 'validate', request: { input: sample.state.input, type: 'yaml', schema } })).toStrictEqual({
      success: true,
      valid: true,
      errors: [],
    });
    const catalog = bundledCatalog();
    const byName = runConverterJob(
      { kind: 'validate', request: { input: 'apiVersion: v2\nversion: 1.0.0\n', type: 'yaml', schema: 'chart' } },
      catalog,
    );
    expect(byName).toMatchObject({ success: true, valid: false, schema: { id: 'chart' }, errors: [{ code: 'SCHEMA_REQUIRED', path: '/name' }] });
    const unknown = runConverterJob({ kind: 'validate', request: { input: 'a: 1', type: 'yaml', schema: 'no-such-schema' } }, catalog);
    expect(unknown).toMatchObject({
      success: false,
      error: { code: 'bad_request', message: expect.stringMatching(/^Unknown schema "no-such-schema"/) },
    });
  });

  it("answers a schema it cannot use with the API's 400 body", () => {
    const answer = runConverterJob({ kind: 'validate', request: { input: 'a: 1', type: 'yaml', schema: { $ref: 'https://example.com/s.json' } } });
    expect(answer).toStrictEqual({
      success: false,
      error: { code: 'bad_request', message: expect.stringMatching(/remote schemas are never fetched/) },
    });
  });
});

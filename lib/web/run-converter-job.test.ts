import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';
import { toConversionView } from './conversion-view';
import { runConverterJob } from './run-converter-job';
import { SAMPLES } from './samples';
import { SCHEMA_SAMPLES } from './schema-samples';

/** Sample documents (lib/web/samples.ts) and the sample schema each satisfies. */
const PAIRS: Array<[sample: string, schema: string]> = [['compose', 'compose']];
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

  it('checks the sample documents against the sample schemas: each valid for its own, violations placed', () => {
    const check = (sampleId: string, schemaId: string) => {
      const sample = SAMPLES.find((s) => s.id === sampleId)!;
      const schema = SCHEMA_SAMPLES.find((s) => s.id === schemaId)!.text;
      const answer = runConverterJob({ kind: 'validate', request: { input: sample.state.input, type: 'yaml', schema } });
      if (!answer.success || !('valid' in answer)) throw new Error(JSON.stringify(answer));
      return answer;
    };
    for (const [sampleId, schemaId] of PAIRS) expect(check(sampleId, schemaId).errors, `${sampleId} / ${schemaId}`).toStrictEqual([]);
    // The Kubernetes sample is a Deployment and a Service: only the second breaks the Deployment schema.
    const stream = check('kubernetes', 'kubernetes-deployment');
    expect(stream.valid).toBe(false);
    expect(new Set(stream.errors.map((e) => e.document))).toStrictEqual(new Set([1]));
    expect(check('kubernetes', 'compose').errors[0]).toMatchObject({ code: 'SCHEMA_REQUIRED', path: '/services', line: 2, column: 1, document: 0 });
  });

  it("answers a schema it cannot use with the API's 400 body", () => {
    const answer = runConverterJob({ kind: 'validate', request: { input: 'a: 1', type: 'yaml', schema: { $ref: 'https://example.com/s.json' } } });
    expect(answer).toStrictEqual({
      success: false,
      error: { code: 'bad_request', message: expect.stringMatching(/remote schemas are never fetched/) },
    });
  });
});

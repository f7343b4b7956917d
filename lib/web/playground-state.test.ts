import { describe, expect, it } from 'vitest';
import { formatFromFileName, parsePlaygroundState, toPlaygroundRequest } from './playground-state';

describe('the playground request', () => {
  it('is convert with only the options switched on', () => {
    expect(
      toPlaygroundRequest({ mode: 'convert', input: 'a', inputFormat: 'yaml', outputFormat: 'json', preserveComments: false, preserveAnchors: true }),
    ).toEqual({ endpoint: '/api/convert', body: { input: 'a', inputType: 'yaml', outputType: 'json', preserveAnchors: true } });
  });

  it('sends JSONC input to convert as json (convert reads comments in JSON)', () => {
    const r = toPlaygroundRequest({
      mode: 'convert',
      input: '{}',
      inputFormat: 'jsonc',
      outputFormat: 'yaml',
      preserveComments: false,
      preserveAnchors: false,
    });
    expect(r.body).toEqual({ input: '{}', inputType: 'json', outputType: 'yaml' });
  });

  it('is validate with the type, in validate-only mode', () => {
    const r = toPlaygroundRequest({
      mode: 'validate',
      input: '{}',
      inputFormat: 'jsonc',
      outputFormat: 'yaml',
      preserveComments: true,
      preserveAnchors: true,
    });
    expect(r).toEqual({ endpoint: '/api/validate', body: { input: '{}', type: 'jsonc' } });
  });

  it("carries the schema pane's text to validate when there is one, never to convert", () => {
    const state = { input: 'a: 1', inputFormat: 'yaml', outputFormat: 'json', preserveComments: false, preserveAnchors: false } as const;
    expect(toPlaygroundRequest({ ...state, mode: 'validate', schema: '{"type": "object"}' }).body).toStrictEqual({
      input: 'a: 1',
      type: 'yaml',
      schema: '{"type": "object"}',
    });
    expect(toPlaygroundRequest({ ...state, mode: 'validate', schema: '  \n' }).body).toStrictEqual({ input: 'a: 1', type: 'yaml' });
    expect(toPlaygroundRequest({ ...state, mode: 'convert', schema: '{}' }).body).toStrictEqual({
      input: 'a: 1',
      inputType: 'yaml',
      outputType: 'json',
    });
    expect(parsePlaygroundState({ ...state, mode: 'validate', schema: 'required: [a]' })?.schema).toBe('required: [a]');
    expect(parsePlaygroundState({ ...state, mode: 'validate', schema: 5 })).not.toHaveProperty('schema');
  });
});

describe('a file name', () => {
  it('says the format when its extension is known', () => {
    expect(formatFromFileName('docker-compose.YML')).toBe('yaml');
    expect(formatFromFileName('k8s.yaml')).toBe('yaml');
    expect(formatFromFileName('package.json')).toBe('json');
    expect(formatFromFileName('tsconfig.jsonc')).toBe('jsonc');
    expect(formatFromFileName('notes.txt')).toBeNull();
    expect(formatFromFileName('Makefile')).toBeNull();
  });
});

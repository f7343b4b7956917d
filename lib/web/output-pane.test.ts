import { describe, expect, it } from 'vitest';
import { toConversionView, toOutputPane } from './conversion-view';
import { toFormatRequest, toPlaygroundRequest, type PlaygroundState } from './playground-state';
import { runConverterJob } from './run-converter-job';

const base: PlaygroundState = {
  mode: 'convert',
  input: '',
  inputFormat: 'yaml',
  outputFormat: 'json',
  preserveComments: false,
  preserveAnchors: false,
};

function viewOf(input: string) {
  const request = toPlaygroundRequest({ ...base, input });
  if (request.endpoint !== '/api/convert') throw new Error('convert expected');
  return toConversionView(request, runConverterJob({ kind: 'convert', request: request.body }));
}

describe('the output pane while the input is in error', () => {
  it('shows the current output when the input converts', () => {
    const good = viewOf('a: 1\n');
    expect(toOutputPane(good, null)).toEqual({ text: '{\n  "a": 1\n}\n', language: 'json', title: 'JSON', stale: false, note: null });
  });

  it('keeps the last good output, marked stale, instead of the error body', () => {
    const good = viewOf('a: 1\n');
    const broken = viewOf('a: [1\n');
    expect(broken.failed).toBe(true);
    const pane = toOutputPane(broken, good);
    expect(pane.text).toBe('{\n  "a": 1\n}\n');
    expect(pane.text).not.toContain('invalid_input');
    expect(pane.stale).toBe(true);
    expect(pane.note).toBe('Showing the last valid output: the input has problems (listed below).');
  });

  it('is empty, with a note, when nothing converted yet', () => {
    const pane = toOutputPane(viewOf('a: [1\n'), null);
    expect(pane).toMatchObject({ text: '', stale: true, note: 'No output yet: the input has problems (listed below).' });
  });

  it('shows a validation result (a 200 answer) as the output, even when the document is invalid', () => {
    const request = toPlaygroundRequest({ ...base, mode: 'validate', input: 'a: [1\n' });
    if (request.endpoint !== '/api/validate') throw new Error('validate expected');
    const view = toConversionView(request, runConverterJob({ kind: 'validate', request: request.body }));
    expect(view.failed).toBe(false);
    expect(toOutputPane(view, null).stale).toBe(false);
  });
});

describe('toFormatRequest', () => {
  it('converts to the input format, keeps comments and anchors, and takes the chosen options', () => {
    const state: PlaygroundState = { ...base, input: 'b:   &x [1] # one\na:\n  c: *x\n  d: text\n', options: { indent: 4, quoteStyle: 'double' } };
    const request = toFormatRequest(state);
    expect(request).toEqual({
      input: state.input,
      inputType: 'yaml',
      outputType: 'yaml',
      preserveComments: true,
      preserveAnchors: true,
      indent: 4,
      quoteStyle: 'double',
    });
    const answer = runConverterJob({ kind: 'convert', request });
    expect(answer).toMatchObject({ success: true, output: 'b: &x [1] # one\na:\n    c: *x\n    d: "text"\n' });
  });

  it('formats JSON (and JSONC) as JSON, comments kept', () => {
    const request = toFormatRequest({ ...base, inputFormat: 'jsonc', input: '{"a":1, // c\n"b":[1,2]}' });
    expect(request).toMatchObject({ inputType: 'json', outputType: 'json' });
    expect(runConverterJob({ kind: 'convert', request })).toMatchObject({ output: '{\n  "a": 1, // c\n  "b": [\n    1,\n    2\n  ]\n}\n' });
  });
});

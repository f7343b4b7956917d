import { describe, expect, it } from 'vitest';
import { convert, isConversionError } from '@/lib/converter';
import { markerRange, type MarkerText } from './marker-range';

function textOf(source: string): MarkerText {
  const lines = source.split('\n');
  return { getLineCount: () => lines.length, getLineContent: (n) => lines[n - 1] ?? '' };
}

/** The marked characters of `source`, for a problem at line, column. */
function marked(source: string, line: number, column: number): { line: number; text: string } {
  const range = markerRange(textOf(source), line, column);
  expect(range.endLineNumber).toBe(range.startLineNumber);
  expect(range.endColumn).toBeGreaterThan(range.startColumn);
  const content = source.split('\n')[range.startLineNumber - 1] ?? '';
  return { line: range.startLineNumber, text: content.slice(range.startColumn - 1, range.endColumn - 1) };
}

/** The converter's first problem for a YAML or JSON input. */
function firstProblem(input: string, inputType: 'yaml' | 'json'): { line: number; column: number; code: string } {
  try {
    convert({ input, inputType, outputType: inputType === 'yaml' ? 'json' : 'yaml' });
  } catch (err) {
    if (isConversionError(err) && err.details?.[0]) {
      const { line, column, code } = err.details[0];
      return { line: line!, column: column!, code };
    }
    throw err;
  }
  throw new Error('the input converted');
}

describe('markerRange', () => {
  it('marks the word a problem starts on', () => {
    expect(marked('a: 1\nb: 2\nname: 3\n', 3, 1)).toEqual({ line: 3, text: 'name' });
    expect(marked('key: value-2.5\n', 1, 6)).toEqual({ line: 1, text: 'value-2.5' });
  });

  it('marks a single punctuation character', () => {
    expect(marked('a: [1, 2\n', 1, 4)).toEqual({ line: 1, text: '[' });
    expect(marked('{\n  "b"\n}\n', 3, 1)).toEqual({ line: 3, text: '}' });
  });

  it('moves a problem on indentation to the first visible word of its line', () => {
    expect(marked('a:\n\t- x\n', 2, 1)).toEqual({ line: 2, text: '-' });
    expect(marked('a:\n    key: 1\n', 2, 2)).toEqual({ line: 2, text: 'key' });
  });

  it('moves a problem past the end of a line, or on trailing blanks, to the last word before it', () => {
    expect(marked('a: [1, 2\n', 1, 9)).toEqual({ line: 1, text: '2' });
    expect(marked('a: value   \n', 1, 10)).toEqual({ line: 1, text: 'value' });
    expect(marked('a: x,\n', 1, 40)).toEqual({ line: 1, text: ',' });
  });

  it('moves a problem on a blank line (the end of the input) to the last visible word above it', () => {
    expect(marked('{\n  "a": 1,\n', 3, 1)).toEqual({ line: 2, text: ',' });
    expect(marked('[1,\n\n   \n', 4, 3)).toEqual({ line: 1, text: ',' });
  });

  it('clamps lines and columns outside the text', () => {
    expect(marked('a: 1\nb: 2', 99, 1)).toEqual({ line: 2, text: 'b' });
    expect(marked('a: 1\n', 0, 0)).toEqual({ line: 1, text: 'a' });
  });

  it('gives an empty text a one-character range at its start', () => {
    expect(markerRange(textOf(''), 1, 1)).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 2 });
    expect(markerRange(textOf('\n  \n'), 3, 1)).toEqual({ startLineNumber: 3, startColumn: 1, endLineNumber: 3, endColumn: 2 });
  });

  it("marks visible text for the converter's own problems at indentation and at the end", () => {
    const cases: Array<[string, 'yaml' | 'json', string, string]> = [
      ['a:\n\t- x\n', 'yaml', 'TAB_INDENT', '-'],
      ['{\n  "a": 1,\n', 'json', 'UNEXPECTED_END', ','],
      ['a: 1\n  b: 2\n', 'yaml', 'BAD_INDENT', 'b'],
    ];
    for (const [input, type, code, text] of cases) {
      const problem = firstProblem(input, type);
      expect(problem.code).toBe(code);
      expect(marked(input, problem.line, problem.column).text).toBe(text);
    }
  });
});

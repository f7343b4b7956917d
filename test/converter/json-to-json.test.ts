/** JSON -> JSON through the public `convert` and `validate` (they need only the JSON reader and writer). */
import { describe, expect, test } from 'vitest';
import { convert, validate } from '../../lib/converter';
import { MAX_DEPTH } from '../../lib/converter/limits';
import { conversionError } from '../helpers/conversion-error';

const toJson = (input: string, preserveComments = false) => convert({ input, inputType: 'json', outputType: 'json', preserveComments });

describe('convert json -> json', () => {
  test('pretty-prints with two spaces, keeping key order and every digit', () => {
    const input = '{"b":1,"2":[12345678901234567890,1.50,-0,1E+2],"1":{"x":null}}';
    const r = toJson(input);
    expect(r.output).toBe(
      [
        '{',
        '  "b": 1,',
        '  "2": [',
        '    12345678901234567890,',
        '    1.50,',
        '    -0,',
        '    1E+2',
        '  ],',
        '  "1": {',
        '    "x": null',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(r.metadata).toMatchObject({ inputSize: input.length, outputSize: r.output.length, commentsCount: 0, anchorsCount: 0, documents: 1 });
    expect(r.warnings).toEqual([]);
  });

  test('accepts JSONC input: comments are dropped without preserveComments but counted', () => {
    const r = toJson('// c1\n[1, /* c2 */ 2,]');
    expect(r.output).toBe('[\n  1,\n  2\n]\n');
    expect(r.metadata.commentsCount).toBe(2);
  });

  test('keeps JSONC comments at their places with preserveComments, and warns that the output is JSONC', () => {
    const input = [
      '// Service settings',
      '{',
      '  // where to listen',
      '  "port": 8080, // default',
      '  "hosts": [ // in order',
      '    "a.example", // primary',
      '    "b.example",',
      '    // more later',
      '  ],',
      '  /* limits',
      '   * per minute */',
      '  "rate": 60,',
      '}',
      '// end',
    ].join('\n');
    const r = toJson(input, true);
    expect(r.output).toBe(
      [
        '// Service settings',
        '{',
        '  // where to listen',
        '  "port": 8080, // default',
        '  "hosts": [ // in order',
        '    "a.example", // primary',
        '    "b.example"',
        '    // more later',
        '  ],',
        '  // limits',
        '  // per minute',
        '  "rate": 60',
        '}',
        '// end',
        '',
      ].join('\n'),
    );
    expect(r.metadata.commentsCount).toBe(8);
    expect(r.warnings).toContain('preserveComments: the output is JSONC (JSON with comments), not strict JSON.');
    // The output is itself JSONC that reads back to the same text.
    expect(toJson(r.output, true).output).toBe(r.output);
  });

  test('a duplicate key keeps the last value at the first place and adds a warning', () => {
    const r = toJson('{"a": 1, "b": 2, "a": 3}');
    expect(r.output).toBe('{\n  "a": 3,\n  "b": 2\n}\n');
    expect(r.warnings).toEqual(['Duplicate key "a": first at column 2, again at column 18 of line 1. The last value is kept.']);
  });

  test('an empty input converts to null', () => {
    expect(toJson('').output).toBe('null\n');
    expect(toJson('  // nothing\n').output).toBe('null\n');
  });

  test('a byte order mark is ignored', () => {
    expect(toJson('\ufeff[true]').output).toBe('[\n  true\n]\n');
  });

  test('lone surrogate escapes survive as escapes', () => {
    expect(toJson('["\\ud800", "\\udc00"]').output).toBe('[\n  "\\ud800",\n  "\\udc00"\n]\n');
  });

  test('invalid input throws invalid_input with the same positioned errors validate gives', () => {
    const input = '{"a": 01, "b" 2}';
    const err = conversionError(() => toJson(input));
    expect(err.code).toBe('invalid_input');
    expect(err.details).toEqual(validate({ input, type: 'jsonc' }).errors);
    expect(err.details?.map((e) => e.code)).toEqual(['INVALID_NUMBER', 'MISSING_COLON']);
    expect(err.message).toBe(
      'The input could not be parsed at line 1, column 7: Invalid number "01": leading zeros are not allowed. (2 errors in all)',
    );
  });

  test(`a 100,000-deep array is refused with limit_exceeded (the limit is ${MAX_DEPTH})`, () => {
    const depth = 100_000;
    const err = conversionError(() => toJson('['.repeat(depth) + ']'.repeat(depth)));
    expect(err.code).toBe('limit_exceeded');
    expect(err.message).toBe(`The input nests ${depth} levels deep; the limit is ${MAX_DEPTH}.`);
  });

  test(`nesting exactly ${MAX_DEPTH} deep still converts`, () => {
    const r = toJson('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH));
    expect(r.output.split('\n')).toHaveLength(2 * MAX_DEPTH);
  });

  test('a 1,000,000-item array converts', () => {
    const input = '[' + Array.from({ length: 1_000_000 }, (_, i) => i).join(',') + ']';
    const r = toJson(input);
    // Each item gets its own line: two spaces before it and a line break after it.
    expect(r.output.length).toBe(input.length + 1_000_000 * 3 + 2);
    expect(r.output.endsWith('  999999\n]\n')).toBe(true);
  });
});

describe('validate json and jsonc', () => {
  test('type json is strict: a comment and a trailing comma are errors that suggest jsonc', () => {
    const r = validate({ input: '[1, // one\n2,]', type: 'json' });
    expect(r).toEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'Comments are not allowed in strict JSON; use type "jsonc" to accept them.',
          line: 1,
          column: 5,
          code: 'COMMENT_NOT_ALLOWED',
        },
        {
          message: 'A trailing comma before "]" is not allowed in strict JSON; remove it or use type "jsonc" to accept it.',
          line: 2,
          column: 2,
          code: 'TRAILING_COMMA',
        },
      ],
    });
  });

  test('type jsonc accepts the same input', () => {
    expect(validate({ input: '[1, // one\n2,]', type: 'jsonc' })).toEqual({ success: true, valid: true, errors: [] });
  });

  test('an empty input is invalid json but valid jsonc', () => {
    expect(validate({ input: '', type: 'json' }).errors.map((e) => e.code)).toEqual(['EMPTY_DOCUMENT']);
    expect(validate({ input: '', type: 'jsonc' }).valid).toBe(true);
  });

  test('type names are case-insensitive', () => {
    expect(validate({ input: '{}', type: 'JSON' }).valid).toBe(true);
  });
});

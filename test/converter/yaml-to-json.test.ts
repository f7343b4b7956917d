/** Contract section 3, YAML -> JSON: each rule with the exact output it must give. */
import { describe, expect, it } from 'vitest';
import { convert, validate } from '@/lib/converter';
import { conversionError } from '../helpers/conversion-error';

const toJson = (input: string, extra: { preserveComments?: boolean; preserveAnchors?: boolean } = {}) =>
  convert({ input, inputType: 'yaml', outputType: 'json', ...extra });
const out = (input: string) => toJson(input).output;

describe('YAML -> JSON scalars (YAML 1.2 core schema)', () => {
  it('types plain scalars by the 1.2 core schema and leaves 1.1-only forms as strings', () => {
    const yaml = [
      'a: yes',
      'b: No',
      'c: on',
      'd: true',
      'e: FALSE',
      'f: ~',
      'g: null',
      'h:',
      'i: 0x1F',
      'j: 0o17',
      'k: 017',
      'l: +12',
      'm: 1_000',
      'n: 1:20',
      'o: 2001-12-14',
      'p: .5',
      'q: 1.',
      'r: -1.5e3',
      's: "12"',
    ].join('\n');
    expect(JSON.parse(out(yaml))).toEqual({
      a: 'yes',
      b: 'No',
      c: 'on',
      d: true,
      e: false,
      f: null,
      g: null,
      h: null,
      i: 31,
      j: 15,
      k: 17,
      l: 12,
      m: '1_000',
      n: '1:20',
      o: '2001-12-14',
      p: 0.5,
      q: 1,
      r: -1500,
      s: '12',
    });
  });

  it('switches a document with %YAML 1.1 to 1.1 scalars (as PyYAML reads them: `y` stays a string)', () => {
    const yaml = '%YAML 1.1\n---\na: yes\nb: off\nc: 0b1010\nd: 017\ne: 1_000\nf: 1:20\ng: 0o17\nh: y\n';
    expect(JSON.parse(out(yaml))).toEqual({ a: true, b: false, c: 10, d: 15, e: 1000, f: 80, g: '0o17', h: 'y' });
  });

  it('keeps the exact digits of big integers and decimals', () => {
    expect(out('big: 12345678901234567890\nneg: -98765432109876543210\ndec: 1.50\nexp: 6.02e+23\nlong: 3.141592653589793238462643383279\n')).toBe(
      '{\n  "big": 12345678901234567890,\n  "neg": -98765432109876543210,\n  "dec": 1.50,\n  "exp": 6.02e+23,\n  "long": 3.141592653589793238462643383279\n}\n',
    );
  });

  it('rewrites numbers JSON cannot spell without losing digits', () => {
    expect(out('- +7\n- 007\n- .5\n- -.5\n- 1.\n- 0x10000000000000001\n- 0o777\n- -0\n')).toBe(
      '[\n  7,\n  7,\n  0.5,\n  -0.5,\n  1.0,\n  18446744073709551617,\n  511,\n  -0\n]\n',
    );
  });

  it('turns .inf, -.inf and .nan into strings with a warning each', () => {
    const r = toJson('a: .inf\nb: -.Inf\nc: .NaN\n');
    expect(r.output).toBe('{\n  "a": ".inf",\n  "b": "-.inf",\n  "c": ".nan"\n}\n');
    expect(r.warnings).toEqual([
      '.inf at line 1, column 4 has no JSON form; it became the string ".inf".',
      '-.inf at line 2, column 4 has no JSON form; it became the string "-.inf".',
      '.nan at line 3, column 4 has no JSON form; it became the string ".nan".',
    ]);
  });
});

describe('YAML -> JSON structure', () => {
  it('keeps the source key order, integer-like keys included', () => {
    expect(out('b: 1\n2: 2\n1: 3\na: 4\n')).toBe('{\n  "b": 1,\n  "2": 2,\n  "1": 3,\n  "a": 4\n}\n');
  });

  it('applies merge keys: explicit keys win, earlier merge sources win over later ones', () => {
    const yaml = [
      'base: &base {a: 1, b: 2}',
      'more: &more {b: 20, c: 30}',
      'one:',
      '  <<: *base',
      '  b: 5',
      'two:',
      '  <<: [*more, *base]',
      '  d: 4',
      'three:',
      '  a: 0',
      '  <<: *base',
    ].join('\n');
    expect(JSON.parse(out(yaml))).toEqual({
      base: { a: 1, b: 2 },
      more: { b: 20, c: 30 },
      one: { a: 1, b: 5 },
      two: { b: 20, c: 30, a: 1, d: 4 },
      three: { a: 0, b: 2 },
    });
    // Merged keys sit where the merge is; an explicit override keeps that place.
    expect(Object.keys(JSON.parse(out(yaml)).one)).toEqual(['a', 'b']);
  });

  it('converts a Compose file with 5,000 merges of the same defaults', () => {
    let yaml = 'x-defaults: &defaults\n  restart: always\n  logging:\n    driver: json-file\n  environment:\n    A: "1"\nservices:\n';
    for (let i = 0; i < 5000; i++) yaml += `  svc${i}:\n    <<: *defaults\n    image: app:${i}\n`;
    const services = JSON.parse(toJson(yaml).output).services;
    expect(Object.keys(services)).toHaveLength(5000);
    expect(services.svc4999).toEqual({ restart: 'always', logging: { driver: 'json-file' }, environment: { A: '1' }, image: 'app:4999' });
  });

  it('refuses a billion-laughs document with limit_exceeded', () => {
    let yaml = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    let prev = 'a';
    for (const n of 'bcdefghi') {
      yaml += `${n}: &${n} [${Array(9)
        .fill('*' + prev)
        .join(', ')}]\n`;
      prev = n;
    }
    const err = conversionError(() => toJson(yaml));
    expect(err.code).toBe('limit_exceeded');
    expect(err.message).toMatch(/Expanding the aliases would produce more than 1,000,000 nodes/);
  });

  it('refuses a recursive alias, which has no finite JSON form', () => {
    const err = conversionError(() => toJson('a: &a [1, *a]\n'));
    expect(err.code).toBe('limit_exceeded');
    expect(err.message).toMatch(/\*a at line 1, column 11 is used inside the node it names/);
  });

  it('refuses aliases chained into a nesting deeper than the limit', () => {
    let yaml = `a: &a ${'['.repeat(200)}${']'.repeat(200)}\n`;
    yaml += `b: &b ${'['.repeat(100)}*a${']'.repeat(100)}\n`;
    const err = conversionError(() => toJson(yaml));
    expect(err.code).toBe('limit_exceeded');
    expect(err.message).toMatch(/levels deep; the limit is 256/);
  });

  it('reports an alias to an undefined anchor as invalid input with its position', () => {
    const err = conversionError(() => toJson('a: 1\nb: *nowhere\n'));
    expect(err.code).toBe('invalid_input');
    expect(err.details).toEqual([
      { message: 'The alias *nowhere refers to no anchor defined before it.', line: 2, column: 4, code: 'UNKNOWN_ALIAS' },
    ]);
  });

  it('expands aliases, with a warning when preserveAnchors was asked for', () => {
    const r = toJson('a: &x {k: v}\nb: *x\n', { preserveAnchors: true });
    expect(r.output).toBe('{\n  "a": {\n    "k": "v"\n  },\n  "b": {\n    "k": "v"\n  }\n}\n');
    expect(r.warnings).toEqual(['preserveAnchors: JSON has no references, so aliases were expanded.']);
    expect(r.metadata.anchorsCount).toBe(1);
  });

  it('refuses duplicate keys with the position of the second key', () => {
    const err = conversionError(() => toJson('a: 1\nb: 2\na: 3\n'));
    expect(err.code).toBe('invalid_input');
    expect(err.details).toEqual([{ message: 'Duplicate key "a": first on line 1, again on line 3.', line: 3, column: 1, code: 'DUPLICATE_KEY' }]);
  });

  it('turns a stream of several documents into an array, and an empty stream into null', () => {
    const r = toJson('a: 1\n---\n- 2\n---\nplain\n');
    expect(r.output).toBe('[\n  {\n    "a": 1\n  },\n  [\n    2\n  ],\n  "plain"\n]\n');
    expect(r.metadata.documents).toBe(3);
    expect(toJson('').output).toBe('null\n');
    expect(toJson('# only a comment\n').output).toBe('null\n');
  });

  it('writes non-string keys as their string form and collection keys as compact JSON', () => {
    expect(out('1: a\ntrue: b\nnull: c\n1.50: d\n? [x, {y: 1}]\n: e\n')).toBe(
      '{\n  "1": "a",\n  "true": "b",\n  "null": "c",\n  "1.50": "d",\n  "[\\"x\\",{\\"y\\":1}]": "e"\n}\n',
    );
  });
});

describe('YAML -> JSON tags', () => {
  it('keeps timestamps as strings and !!binary as its base64 text', () => {
    expect(JSON.parse(out('t: !!timestamp 2001-12-14t21:59:43.10-05:00\nd: 2002-12-14\nbin: !!binary R0lGODlh\n'))).toEqual({
      t: '2001-12-14t21:59:43.10-05:00',
      d: '2002-12-14',
      bin: 'R0lGODlh',
    });
  });

  it('makes !!set an object of nulls and !!omap / !!pairs arrays of one-key objects', () => {
    expect(JSON.parse(out('s: !!set {a, b}\no: !!omap [x: 1, y: 2]\np: !!pairs [x: 1, x: 2]\n'))).toEqual({
      s: { a: null, b: null },
      o: [{ x: 1 }, { y: 2 }],
      p: [{ x: 1 }, { x: 2 }],
    });
  });

  it('keeps the untagged value of an unknown tag, with a warning', () => {
    const r = toJson('ref: !Ref MyBucket\nn: !custom 12\n');
    expect(JSON.parse(r.output)).toEqual({ ref: 'MyBucket', n: 12 });
    expect(r.warnings).toEqual([
      'The tag !Ref on the value at line 1, column 11 has no JSON meaning; the value was kept without it.',
      'The tag !custom on the value at line 2, column 12 has no JSON meaning; the value was kept without it.',
    ]);
  });

  it('honours core tags on scalars', () => {
    expect(JSON.parse(out('a: !!str 12\nb: !!int "12"\nc: !!float 1\nd: !!bool true\ne: !!null ""\n'))).toEqual({
      a: '12',
      b: 12,
      c: 1,
      d: true,
      e: null,
    });
  });
});

describe('YAML -> JSON with preserveComments', () => {
  it('writes JSONC with comments above keys and elements and at the end of lines', () => {
    const yaml = [
      '# The service',
      'name: api # its name',
      '# Ports it listens on',
      'ports:',
      '  # http',
      '  - 80',
      '  - 443 # https',
      'env: # variables',
      '  LEVEL: debug',
      '# trailing words',
      '',
    ].join('\n');
    const r = toJson(yaml, { preserveComments: true });
    expect(r.output).toBe(
      [
        '// The service',
        '{',
        '  "name": "api", // its name',
        '  // Ports it listens on',
        '  "ports": [',
        '    // http',
        '    80,',
        '    443 // https',
        '  ],',
        '  "env": { // variables',
        '    "LEVEL": "debug"',
        '  }',
        '}',
        '// trailing words',
        '',
      ].join('\n'),
    );
    expect(r.warnings).toEqual(['preserveComments: the output is JSONC (JSON with comments), not strict JSON.']);
    expect(r.metadata.commentsCount).toBe(7);
  });

  it('counts comments but writes none without the flag', () => {
    const r = toJson('# a\nx: 1 # b\n');
    expect(r.output).toBe('{\n  "x": 1\n}\n');
    expect(r.metadata.commentsCount).toBe(2);
  });
});

describe('YAML -> JSON metadata', () => {
  it('reports UTF-8 bytes, whole milliseconds, anchors and comments of the input', () => {
    const input = 'é: &a 1 # c\nb: *a\n';
    const r = toJson(input);
    expect(r.metadata.inputSize).toBe(new TextEncoder().encode(input).length);
    expect(r.metadata.outputSize).toBe(new TextEncoder().encode(r.output).length);
    expect(Number.isInteger(r.metadata.processingMs)).toBe(true);
    expect(r.metadata.anchorsCount).toBe(1);
    expect(r.metadata.commentsCount).toBe(1);
  });
});

describe('validate type yaml', () => {
  it('reports every error with a stable code and position', () => {
    const r = validate({ input: 'a: 1\na: 2\nb: "open\n', type: 'yaml' });
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual([
      ['DUPLICATE_KEY', 2, 1],
      ['UNCLOSED_QUOTE', 3, 4],
    ]);
  });

  it.each([
    ['a tab used as indentation', 'a:\n\tb: 1\n', 'TAB_INDENT', 2, 1],
    ['a mapping item out of line (at its key)', 'a:\n  b: 1\n c: 2\n', 'BAD_INDENT', 3, 2],
    ['an unclosed flow sequence', 'a: [1, 2\n', 'UNCLOSED_FLOW_COLLECTION', 1, 4],
    ['an unclosed single quote', "a: 'x\n", 'UNCLOSED_QUOTE', 1, 4],
    ['directives without ---', '%YAML 1.2\n', 'MISSING_DOCUMENT_START', 1, 1],
  ])('reports %s', (_what, input, code, line, column) => {
    const r = validate({ input, type: 'yaml' });
    expect(r.valid).toBe(false);
    expect(r.errors[0]).toMatchObject({ code, line, column });
  });

  it('explains the most common mistakes in plain words', () => {
    expect(validate({ input: 'a: b: c\n', type: 'yaml' }).errors).toEqual([
      {
        message:
          'A nested mapping cannot start on the same line as its key (as in "a: b: c"): put it on the next line, indented, or quote the value.',
        line: 1,
        column: 4,
        code: 'BLOCK_AS_IMPLICIT_KEY',
      },
    ]);
    expect(validate({ input: 'a:\n\tb: 1\n', type: 'yaml' }).errors[0]!.message).toBe('Tabs cannot indent YAML; indent with spaces.');
    expect(validate({ input: 'a: @x\n', type: 'yaml' }).errors[0]!.message).toBe(
      'Plain value cannot start with reserved character @; quote the value if it is text.',
    );
  });

  it('says valid for an empty input and for a valid stream', () => {
    expect(validate({ input: '', type: 'yaml' })).toEqual({ success: true, valid: true, errors: [] });
    expect(validate({ input: 'a: 1\n---\nb: 2\n', type: 'YML' })).toEqual({ success: true, valid: true, errors: [] });
  });

  it('refuses nesting deeper than the limit with limit_exceeded, without exhausting the stack', () => {
    for (const input of ['['.repeat(100_000), '['.repeat(100_000) + ']'.repeat(100_000), '- '.repeat(100_000) + 'x']) {
      const err = conversionError(() => validate({ input, type: 'yaml' }));
      expect(err.code).toBe('limit_exceeded');
      expect(err.message).toBe('The input nests 100000 levels deep; the limit is 256.');
    }
  });
});

describe('text that is not Unicode', () => {
  it('refuses a lone surrogate in the input with its position, in convert and validate alike', () => {
    const detail = {
      message: 'Lone surrogate U+D800: not a Unicode character, so it has no UTF-8 form.',
      line: 2,
      column: 4,
      code: 'INVALID_UTF8',
    };
    const err = conversionError(() => toJson('a: 1\nb: \ud800\n'));
    expect(err.code).toBe('invalid_input');
    expect(err.details).toEqual([detail]);
    expect(validate({ input: 'a: 1\nb: \ud800\n', type: 'yaml' })).toEqual({ success: true, valid: false, errors: [detail] });
    expect(validate({ input: '{"a":\n"b\ud800"}', type: 'json' }).errors).toEqual([{ ...detail, column: 3 }]);
  });

  it('accepts a correctly paired surrogate (an emoji)', () => {
    expect(out('a: "😀"\n')).toBe('{\n  "a": "😀"\n}\n');
  });
});

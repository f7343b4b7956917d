/** Contract section 3, JSON -> YAML, through the public convert: each rule with its exact output. */
import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';

const toYaml = (input: string, preserveComments = false) => convert({ input, inputType: 'json', outputType: 'yaml', preserveComments });

describe('JSON -> YAML', () => {
  it('accepts JSONC: comments and trailing commas', () => {
    expect(toYaml('{\n  // the port\n  "port": 8080, /* http */\n  "hosts": ["a", "b",],\n}').output).toBe('port: 8080\nhosts:\n  - a\n  - b\n');
  });

  it('keeps key order, integer-like keys included, and the exact digits of numbers', () => {
    expect(toYaml('{"b": 1, "2": 12345678901234567890, "1": 1.50, "a": -0.000001}').output).toBe(
      'b: 1\n"2": 12345678901234567890\n"1": 1.50\na: -0.000001\n',
    );
  });

  it('quotes every string a YAML 1.1 or 1.2 reader would take for something else', () => {
    const strings = [
      'yes',
      'no',
      'on',
      'off',
      'y',
      'n',
      'true',
      'null',
      '~',
      '1.0',
      '0x1F',
      '1e3',
      '2001-12-14',
      '',
      ' lead',
      'trail ',
      'a: b',
      'a #b',
    ];
    const out = toYaml(JSON.stringify(strings)).output;
    expect(out).toBe(
      [
        '- "yes"',
        '- "no"',
        '- "on"',
        '- "off"',
        '- "y"',
        '- "n"',
        '- "true"',
        '- "null"',
        '- "~"',
        '- "1.0"',
        '- "0x1F"',
        '- "1e3"',
        '- "2001-12-14"',
        '- ""',
        '- " lead"',
        '- "trail "',
        '- "a: b"',
        '- "a #b"',
        '',
      ].join('\n'),
    );
  });

  it('leaves ordinary words, paths, URLs and image names plain', () => {
    expect(toYaml('["nginx:1.25", "/usr/local/bin", "https://example.com/a?b=c#d", "hello world", "--verbose"]').output).toBe(
      '- nginx:1.25\n- /usr/local/bin\n- https://example.com/a?b=c#d\n- hello world\n- --verbose\n',
    );
  });

  it('writes strings with newlines as block literals and never folds long lines', () => {
    const long = 'word '.repeat(60).trim();
    expect(toYaml(JSON.stringify({ script: 'set -e\nmake\n', note: 'no final newline\nhere', long })).output).toBe(
      `script: |\n  set -e\n  make\nnote: |-\n  no final newline\n  here\nlong: ${long}\n`,
    );
  });

  it('writes exponents so that a YAML 1.1 reader also reads a number', () => {
    expect(toYaml('[1e3, 2E-5, 1.5e10]').output).toBe('- 1.0e+3\n- 2.0E-5\n- 1.5e+10\n');
  });

  it('never invents anchors for repeated values', () => {
    const out = toYaml('{"a": {"x": [1, 2]}, "b": {"x": [1, 2]}}').output;
    expect(out).toBe('a:\n  x:\n    - 1\n    - 2\nb:\n  x:\n    - 1\n    - 2\n');
    expect(out).not.toMatch(/[&*]/);
  });

  it('writes empty collections and top-level scalars', () => {
    expect(toYaml('{"o": {}, "a": []}').output).toBe('o: {}\na: []\n');
    expect(toYaml('"just text"').output).toBe('just text\n');
    expect(toYaml('null').output).toBe('null\n');
  });

  it('carries JSONC comments into # comments at the same places with preserveComments', () => {
    const input = [
      '// Service settings',
      '{',
      '  // where it listens',
      '  "port": 8080, // http',
      '  "tags": [',
      '    "a", // first',
      '    "b"',
      '  ]',
      '}',
      '',
    ].join('\n');
    const r = toYaml(input, true);
    expect(r.output).toBe(['# Service settings', '# where it listens', 'port: 8080 # http', 'tags:', '  - a # first', '  - b', ''].join('\n'));
    expect(r.metadata.commentsCount).toBe(4);
    expect(r.metadata.anchorsCount).toBe(0);
    expect(toYaml(input).output).toBe('port: 8080\ntags:\n  - a\n  - b\n');
  });

  it('keeps the last value of a duplicate key at its first place, with a warning', () => {
    const r = toYaml('{"a": 1, "b": 2, "a": 3}');
    expect(r.output).toBe('a: 3\nb: 2\n');
    expect(r.warnings).toEqual(['Duplicate key "a": first at column 2, again at column 18 of line 1. The last value is kept.']);
  });
});

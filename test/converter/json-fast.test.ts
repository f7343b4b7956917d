/**
 * The single-pass JSON writers (lib/converter/fast-json/) on their own: the exact text they
 * write, and every kind of document they hand over to the reference path (null).
 * test/differential/differential-json.test.ts compares them with the reference on thousands
 * of documents; these cases name the rules one by one.
 */
import { describe, expect, it } from 'vitest';
import { readJson } from '@/lib/converter/json/read-json';
import { writeJson } from '@/lib/converter/json/write-json';
import { jsonToJsonFast } from '@/lib/converter/fast-json/json-to-json-fast';
import { jsonToYamlFast } from '@/lib/converter/fast-json/json-to-yaml-fast';
import { MAX_DEPTH } from '@/lib/converter/limits';
import { utf8ByteLength } from '@/lib/converter/utf8';
import { writeYaml } from '@/lib/converter/yaml/write-yaml';

const yaml = (input: string) => jsonToYamlFast(input)?.output ?? null;
const json = (input: string) => jsonToJsonFast(input)?.output ?? null;

/** The reference path's YAML for a valid document. */
function referenceYaml(input: string): string {
  const r = readJson(input, { strict: false, comments: false });
  expect(r.errors).toEqual([]);
  return writeYaml([r.document!], { comments: false });
}

function referenceJson(input: string): string {
  const r = readJson(input, { strict: false, comments: false });
  expect(r.errors).toEqual([]);
  return writeJson([r.document!], { comments: false });
}

describe('jsonToYamlFast: layout', () => {
  it('writes maps, sequences, compact items and empty collections like writeYaml', () => {
    const input = '{"a":1,"b":[1,{"c":true,"d":[]}],"e":{},"f":[[1,2],[],{}],"g":{"h":{"i":null}},"j":[{"k":"v","l":"w"}]}';
    const expected = [
      'a: 1',
      'b:',
      '  - 1',
      '  - c: true',
      '    d: []',
      'e: {}',
      'f:',
      '  - - 1',
      '    - 2',
      '  - []',
      '  - {}',
      'g:',
      '  h:',
      '    i: null',
      'j:',
      '  - k: v',
      '    l: w',
      '',
    ].join('\n');
    expect(yaml(input)).toBe(expected);
    expect(referenceYaml(input)).toBe(expected);
  });

  it('writes root scalars, empty roots and an empty input', () => {
    expect(yaml('"hello"')).toBe('hello\n');
    expect(yaml('"yes"')).toBe('"yes"\n');
    expect(yaml(' 42 ')).toBe('42\n');
    expect(yaml('true')).toBe('true\n');
    expect(yaml('null')).toBe('null\n');
    expect(yaml('[]')).toBe('[]\n');
    expect(yaml('{ }')).toBe('{}\n');
    expect(yaml('')).toBe('null\n');
    expect(yaml(' \n// only a comment\n')).toBe('null\n');
  });

  it('keeps number digits and gives exponents a dot and a sign', () => {
    expect(yaml('[12345678901234567890, -0, 1.50, 1e3, 2E-5, 1.5e+10, -0.0e0]')).toBe(
      '- 12345678901234567890\n- -0\n- 1.50\n- 1.0e+3\n- 2.0E-5\n- 1.5e+10\n- -0.0e+0\n',
    );
  });

  it('quotes keys and values the way the scalar-style rules say', () => {
    const input = '{"yes": "no", "1": "1.0", "a: b": "x #y", "": "", " k": "v ", "key": "2001-12-14", "on": "~"}';
    expect(yaml(input)).toBe('"yes": "no"\n"1": "1.0"\n"a: b": "x #y"\n"": ""\n" k": "v "\nkey: "2001-12-14"\n"on": "~"\n');
    expect(yaml(input)).toBe(referenceYaml(input));
  });

  it('writes strings with line breaks as block literals, with the chomping the reference chooses', () => {
    const input = JSON.stringify({ keep: 'a\n', strip: 'a\nb', clip2: 'x\n\n', seq: ['line 1\n  indented\n', ' lead\nx'] });
    expect(yaml(input)).toBe(
      'keep: |\n  a\nstrip: |-\n  a\n  b\nclip2: |+\n  x\n\nseq:\n  - |\n    line 1\n      indented\n  - |2-\n     lead\n    x\n',
    );
    expect(yaml(input)).toBe(referenceYaml(input));
  });

  it('double-quotes a string ending in two line breaks only when it is the last thing written', () => {
    // `|+` at the very end would leave blank lines at the end of the output.
    expect(yaml('{"a": "x\\n\\n"}')).toBe('a: "x\\n\\n"\n');
    expect(yaml('{"a": ["x\\n\\n",] , } // end')).toBe('a:\n  - "x\\n\\n"\n');
    expect(yaml('{"a": "x\\n\\n", "b": 1}')).toBe('a: |+\n  x\n\nb: 1\n');
    for (const input of ['{"a": "x\\n\\n"}', '{"a": ["x\\n\\n",] , } // end', '{"a": "x\\n\\n", "b": 1}']) {
      expect(yaml(input)).toBe(referenceYaml(input));
    }
  });

  it('writes a key longer than 1024 characters as an explicit entry', () => {
    const long = 'k'.repeat(1025);
    const input = `[{"${long}": 1, "b": {"${long}": [2]}}]`;
    expect(yaml(input)).toBe(`- ? ${long}\n  : 1\n  b:\n    ? ${long}\n    :\n      - 2\n`);
    expect(yaml(input)).toBe(referenceYaml(input));
  });

  it('decodes every escape, and counts comments; accepts trailing commas and a byte order mark', () => {
    const r = jsonToYamlFast('\ufeff/* a */ {"s": "\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00", // b\n "t": [1,],}');
    expect(r?.output).toBe('s: "\\"\\\\/\\x08\\x0C\\n\\r\\té😀"\nt:\n  - 1\n');
    expect(r?.commentsCount).toBe(2);
  });

  it('reports the output size in UTF-8 bytes', () => {
    const r = jsonToYamlFast('{"name": "Zoë 😀", "k": "日本"}')!;
    expect(r.outputBytes).toBe(new TextEncoder().encode(r.output).length);
  });
});

describe('jsonToYamlFast: documents handed over to the reference path', () => {
  it.each([
    ['a syntax error', '{"a": 1,, "b": 2}'],
    ['a missing comma', '[1 2]'],
    ['a missing colon', '{"a" 1}'],
    ['an unquoted key', '{a: 1}'],
    ['a single-quoted string', "['a']"],
    ['a leading zero', '[01]'],
    ['a hexadecimal number', '[0x1F]'],
    ['a plus sign', '[+1]'],
    ['a bare fraction', '[.5]'],
    ['a number without digits after the dot', '[1.]'],
    ['an empty exponent', '[1e]'],
    ['NaN', '[NaN]'],
    ['a capitalised literal', '[True]'],
    ['a literal running into a word', '[nullx]'],
    ['an invalid escape', '["\\x41"]'],
    ['a short unicode escape', '["\\u12"]'],
    ['a raw line break in a string', '["a\nb"]'],
    ['a raw control character in a string', '["a\u0001b"]'],
    ['an unterminated string', '["abc'],
    ['an unterminated block comment', '[1] /* end'],
    ['an unclosed array', '[1, 2'],
    ['an unclosed object', '{"a": {"b": 1}'],
    ['content after the value', '{} {}'],
    ['a lone comma', '[,]'],
    ['a slash that starts no comment', '[1] /'],
    ['a duplicate key', '{"a": 1, "b": 2, "a": 3}'],
    ['a duplicate key in a nested object', '[{"x": {"k": 1, "k": 1}}]'],
    ['a duplicate key in a large object', `{${Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(',')}, "k0": 0}`],
    ['a duplicate key spelled with an escape', '{"é": 1, "\\u00e9": 2}'],
  ])('%s', (_name, input) => {
    expect(jsonToYamlFast(input)).toBeNull();
    expect(jsonToJsonFast(input)).toBeNull();
  });

  it('keys that differ only after the 32nd entry are not duplicates', () => {
    const input = `{${Array.from({ length: 60 }, (_, i) => `"k${i}": ${i}`).join(',')}}`;
    expect(yaml(input)).toBe(referenceYaml(input));
    expect(json(input)).toBe(referenceJson(input));
  });

  it('nesting deeper than MAX_DEPTH, empty collections included', () => {
    const nest = (n: number, inner: string) => '['.repeat(n) + inner + ']'.repeat(n);
    expect(yaml(nest(MAX_DEPTH, '1'))).not.toBeNull();
    expect(yaml(nest(MAX_DEPTH + 1, '1'))).toBeNull();
    expect(yaml(nest(MAX_DEPTH - 1, '{}'))).not.toBeNull();
    expect(yaml(nest(MAX_DEPTH, '{}'))).toBeNull();
    expect(json(nest(MAX_DEPTH, '[]'))).toBeNull();
    expect(json(nest(MAX_DEPTH - 1, '[]'))).toBe(referenceJson(nest(MAX_DEPTH - 1, '[]')));
  });
});

describe('jsonToJsonFast', () => {
  it('pretty-prints with two spaces, keeping key order and digits', () => {
    const input = '{"b":1,"2":[12345678901234567890,1.50,-0,1E+2],"1":{"x":null},"e":[],"o":{}}';
    const expected = [
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
      '  },',
      '  "e": [],',
      '  "o": {}',
      '}',
      '',
    ].join('\n');
    expect(json(input)).toBe(expected);
    expect(referenceJson(input)).toBe(expected);
  });

  it('writes strings as JSON.stringify does: escapes normalised, the rest kept', () => {
    const input = '["\\u0041\\/", "\\u00e9", "é", "\\u001f", "\\ud800", "\u2028", "tab\\tx", "q\\"b\\\\"]';
    expect(json(input)).toBe(referenceJson(input));
    expect(json(input)).toBe('[\n  "A/",\n  "é",\n  "é",\n  "\\u001f",\n  "\\ud800",\n  "\u2028",\n  "tab\\tx",\n  "q\\"b\\\\"\n]\n');
  });

  it('writes root scalars and an empty input', () => {
    expect(json(' "x" ')).toBe('"x"\n');
    expect(json('1e5')).toBe('1e5\n');
    expect(json('')).toBe('null\n');
    expect(json('/* c */')).toBe('null\n');
  });

  it('drops comments and trailing commas (JSONC), counting the comments', () => {
    const r = jsonToJsonFast('// c1\n[1, /* c2 */ 2,]');
    expect(r?.output).toBe('[\n  1,\n  2\n]\n');
    expect(r?.commentsCount).toBe(2);
  });
});

describe('utf8ByteLength (used for the output size)', () => {
  /** The obvious definition: a pair is 4 bytes, a lone surrogate 3 (U+FFFD). */
  function slow(s: string): number {
    let bytes = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    }
    return bytes;
  }

  it('counts pairs, lone surrogates and pairs across its 65,536-unit chunks', () => {
    const cases = [
      '',
      'a',
      'é',
      '😀',
      '\ud800',
      '\udc00\ud800',
      'a'.repeat(65535) + '😀',
      'a'.repeat(65534) + '😀b',
      'a'.repeat(65535) + '\ud800',
      'a'.repeat(65535) + '\ud800x',
      '😀'.repeat(70000),
      'é'.repeat(140000) + '\udfff',
    ];
    for (const s of cases) expect(utf8ByteLength(s)).toBe(slow(s));
  });
});

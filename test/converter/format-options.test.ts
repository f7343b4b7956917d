/**
 * The formatting options of convert (lib/converter/format-options.ts): one table per
 * option with exact outputs, each answered the same with the single-pass paths on and off, the
 * defaults byte for byte, the order of sortKeys, and the refusals with their messages.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type ConvertRequest, convert } from '../../lib/converter';
import { compareCodePoints } from '../../lib/converter/format-options';
import { conversionError } from '../helpers/conversion-error';

type Options = Omit<ConvertRequest, 'input' | 'inputType' | 'outputType'>;

/** Converts with the single-pass paths on and off; both must give the same answer, which is returned. */
function both(input: string, inputType: 'yaml' | 'json', outputType: 'yaml' | 'json', options: Options = {}) {
  const request = { input, inputType, outputType, ...options };
  const fast = convert(request);
  const reference = convert(request, { fastJson: false, fastYaml: false });
  expect({ output: fast.output, warnings: fast.warnings }).toStrictEqual({ output: reference.output, warnings: reference.warnings });
  return fast;
}
const out = (input: string, from: 'yaml' | 'json', to: 'yaml' | 'json', options: Options = {}) => both(input, from, to, options).output;

const JSON_DOC = '{"name": "yamljson", "b": [1, {"y": true, "x": null}], "a": {}, "text": "line one\\nline two\\n"}';
const YAML_DOC = 'name: yamljson\nb:\n  - 1\n  - y: true\n    x: null\na: {}\ntext: |\n  line one\n  line two\n';

describe("defaults keep today's output byte for byte", () => {
  const defaults: Options = { indent: 2, sortKeys: false, jsonStyle: 'pretty', quoteStyle: 'plain' };
  for (const [input, from] of [
    [JSON_DOC, 'json'],
    [YAML_DOC, 'yaml'],
  ] as const) {
    for (const to of ['json', 'yaml'] as const) {
      it(`${from} -> ${to}: the default values given explicitly change nothing`, () => {
        expect(out(input, from, to, defaults)).toBe(convert({ input, inputType: from, outputType: to }).output);
        expect(both(input, from, to, defaults).warnings).toStrictEqual([]);
      });
    }
  }
});

describe('indent', () => {
  it('JSON: four spaces per level', () => {
    const expected = '{\n    "a": [\n        1,\n        {\n            "b": null\n        }\n    ]\n}\n';
    expect(out('{"a": [1, {"b": null}]}', 'json', 'json', { indent: 4 })).toBe(expected);
    expect(out('a: [1, {b: null}]', 'yaml', 'json', { indent: 4 })).toBe(expected);
  });

  it('YAML: four spaces per level, a collection in a sequence starts on the `-` line padded to four', () => {
    const expected = ['a:', '    -   b: 1', '        c:', '            - x', '            -   - "y"', '    - 2', 'd:', '    e: f', ''].join('\n');
    expect(out('{"a": [{"b": 1, "c": ["x", ["y"]]}, 2], "d": {"e": "f"}}', 'json', 'yaml', { indent: 4 })).toBe(expected);
    expect(out('a:\n  - b: 1\n    c: [x, ["y"]]\n  - 2\nd:\n  e: f\n', 'yaml', 'yaml', { indent: 4 })).toBe(expected);
  });

  it('YAML: block literals are indented one unit, with a matching indentation indicator', () => {
    expect(out('{"t": "x\\ny\\n", "s": [" lead\\nz"]}', 'json', 'yaml', { indent: 4 })).toBe(
      't: |\n    x\n    y\ns:\n    - |4-\n         lead\n        z\n',
    );
  });
});

describe('sortKeys', () => {
  it('sorts every mapping by code point, integer-like keys as strings, JSON and YAML alike', () => {
    const input = '{"b": 1, "a": {"z": 1, "y": 2}, "10": 3, "9": 4, "B": [{"d": 1, "c": 2}]}';
    expect(out(input, 'json', 'json', { sortKeys: true, jsonStyle: 'compact' })).toBe('{"10":3,"9":4,"B":[{"c":2,"d":1}],"a":{"y":2,"z":1},"b":1}\n');
    expect(out(input, 'json', 'yaml', { sortKeys: true })).toBe('"10": 3\n"9": 4\nB:\n  - c: 2\n    d: 1\na:\n  "y": 2\n  z: 1\nb: 1\n');
  });

  it('orders by Unicode code point (UTF-8 byte order), not by UTF-16 code unit', () => {
    // U+FF21 (a BMP character past the surrogates) sorts before U+1F600 by code point, after it by code unit.
    const keys = ['😀', '\uff21', 'é', 'a', 'A'];
    const input = JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, i])));
    const sorted = Object.keys(JSON.parse(out(input, 'json', 'json', { sortKeys: true })));
    expect(sorted).toStrictEqual(['A', 'a', 'é', '\uff21', '😀']);
    expect([...keys].sort()).toStrictEqual(['A', 'a', 'é', '😀', '\uff21']); // what `.sort()` would give
    expect(compareCodePoints('\uff21', '😀')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
  });

  it('YAML -> YAML with preserveAnchors: merge entries stay first, in their order; anchors and comments move with their entries', () => {
    const input = 'base: &base {z: 1, a: 2}\nmore: &more {m: 3}\nprod:\n  <<: [*base, *more]\n  c: 1 # see\n  b: *base\n';
    const output = out(input, 'yaml', 'yaml', { sortKeys: true, preserveAnchors: true, preserveComments: true });
    expect(output).toBe(
      [
        // With preserveComments, flow collections stay flow (sorted inside).
        'base: &base {a: 2, z: 1}',
        'more: &more {m: 3}',
        'prod:',
        '  <<: [*base, *more]',
        '  b: *base',
        '  c: 1 # see',
        '',
      ].join('\n'),
    );
  });

  it('sorts a document whose aliases were expanded (shared subtrees) once, with the same data', () => {
    const input = 'x: &x {b: 1, a: [1, {d: 1, c: 2}]}\ny: [*x, *x]\n';
    expect(JSON.parse(out(input, 'yaml', 'json', { sortKeys: true }))).toStrictEqual({
      x: { a: [1, { c: 2, d: 1 }], b: 1 },
      y: [
        { a: [1, { c: 2, d: 1 }], b: 1 },
        { a: [1, { c: 2, d: 1 }], b: 1 },
      ],
    });
  });
});

describe('jsonStyle', () => {
  it('compact: one line with no white space, ending with a newline; several documents as one array', () => {
    expect(out(JSON_DOC, 'json', 'json', { jsonStyle: 'compact' })).toBe(
      '{"name":"yamljson","b":[1,{"y":true,"x":null}],"a":{},"text":"line one\\nline two\\n"}\n',
    );
    expect(out('a: 1\n---\n[x, {}]\n', 'yaml', 'json', { jsonStyle: 'compact' })).toBe('[{"a":1},["x",{}]]\n');
    expect(out('', 'yaml', 'json', { jsonStyle: 'compact' })).toBe('null\n');
    // indent has nothing to do in compact output
    expect(out(JSON_DOC, 'json', 'json', { jsonStyle: 'compact', indent: 4 })).toBe(out(JSON_DOC, 'json', 'json', { jsonStyle: 'compact' }));
  });

  it('compact with preserveComments is refused (JSONC comments need lines), naming the way out', () => {
    const err = conversionError(() =>
      convert({ input: '# c\na: 1', inputType: 'yaml', outputType: 'json', jsonStyle: 'compact', preserveComments: true }),
    );
    expect(err.code).toBe('bad_request');
    expect(err.message).toMatch(/compact.*preserveComments.*"pretty"/);
  });

  it('compact for YAML output is ignored with a warning', () => {
    const r = both('{"a": 1}', 'json', 'yaml', { jsonStyle: 'compact' });
    expect(r.output).toBe('a: 1\n');
    expect(r.warnings).toStrictEqual(['jsonStyle applies to JSON output only; it was ignored.']);
  });
});

describe('flowLevel', () => {
  const input = '{"a": {"b": [1, {"c": "x, y"}], "d": {}}, "e": [[1, 2], []], "f": "yes"}';
  it.each([
    [0, '{a: {b: [1, {c: "x, y"}], d: {}}, e: [[1, 2], []], f: "yes"}\n'],
    [1, 'a: {b: [1, {c: "x, y"}], d: {}}\ne: [[1, 2], []]\nf: "yes"\n'],
    [2, 'a:\n  b: [1, {c: "x, y"}]\n  d: {}\ne:\n  - [1, 2]\n  - []\nf: "yes"\n'],
    [9, 'a:\n  b:\n    - 1\n    - c: x, y\n  d: {}\ne:\n  - - 1\n    - 2\n  - []\nf: "yes"\n'],
  ])('flowLevel %i', (flowLevel, expected) => {
    expect(out(input, 'json', 'yaml', { flowLevel })).toBe(expected);
  });

  it('strings with line breaks and flow indicators are double-quoted in flow; anchors, aliases, tags and merges stay', () => {
    expect(out('{"a": ["l1\\nl2", "[x]", "{", "plain"]}', 'json', 'yaml', { flowLevel: 1 })).toBe('a: ["l1\\nl2", "[x]", "{", plain]\n');
    const yaml = 'b: &b {k: 1}\nc:\n  <<: *b\n  t: !Custom v\n  s: !!set {x, y}\n';
    expect(out(yaml, 'yaml', 'yaml', { flowLevel: 1, preserveAnchors: true })).toBe(
      'b: &b {k: 1}\nc: {<<: *b, t: !Custom v, s: !!set {x: null, "y": null}}\n',
    );
  });

  it('a collection holding comments stays in block style so no comment is lost', () => {
    const yaml = 'a:\n  # about b\n  b:\n    - 1\n    - 2\nc: {d: [3, 4]}\n';
    for (const flowLevel of [0, 1]) {
      expect(out(yaml, 'yaml', 'yaml', { flowLevel, preserveComments: true })).toBe('a:\n  # about b\n  b: [1, 2]\nc: {d: [3, 4]}\n');
    }
    // Without preserveComments there is nothing to keep.
    expect(out(yaml, 'yaml', 'yaml', { flowLevel: 0 })).toBe('{a: {b: [1, 2]}, c: {d: [3, 4]}}\n');
  });

  it('a mapping with a collection as a key stays in block style (the key itself may flow)', () => {
    expect(out('? [a, b]\n: {c: 1}\n', 'yaml', 'yaml', { flowLevel: 0 })).toBe('? [a, b]\n: {c: 1}\n');
    expect(out('? [a, b]\n: {c: 1}\n', 'yaml', 'yaml', { flowLevel: 2 })).toBe('? - a\n  - b\n:\n  c: 1\n');
  });
});

describe('quoteStyle', () => {
  const input = '{"plain": "text", "yes": "yes", "quote": "it\'s", "ctl": "a\\u0007b", "lines": "a\\nb\\n", "num": 1, "t": true}';
  it.each([
    ['plain', 'plain: text\n"yes": "yes"\nquote: it\'s\nctl: "a\\x07b"\nlines: |\n  a\n  b\nnum: 1\nt: true\n'],
    ['single', "plain: 'text'\n'yes': 'yes'\nquote: 'it''s'\nctl: \"a\\x07b\"\nlines: |\n  a\n  b\nnum: 1\nt: true\n"],
    ['double', 'plain: "text"\n"yes": "yes"\nquote: "it\'s"\nctl: "a\\x07b"\nlines: |\n  a\n  b\nnum: 1\nt: true\n'],
  ] as const)('%s', (quoteStyle, expected) => {
    expect(out(input, 'json', 'yaml', { quoteStyle })).toBe(expected);
  });

  it('quoteStyle, lineWidth and flowLevel for JSON output are ignored with one warning', () => {
    const r = both('{"a": "b"}', 'json', 'json', { quoteStyle: 'single', lineWidth: 40, flowLevel: 0 });
    expect(r.output).toBe('{\n  "a": "b"\n}\n');
    expect(r.warnings).toStrictEqual(['flowLevel, quoteStyle, lineWidth apply to YAML output only; ignored for JSON output.']);
  });
});

describe('lineWidth', () => {
  const words = 'the quick brown fox jumps over the lazy dog again and again';
  it('folds plain and quoted values at single spaces; no line longer than the width where a space allows', () => {
    const input = JSON.stringify({ key: words, list: [words], q: `${words}: done`, long: 'x'.repeat(50), k: 'a'.repeat(30) });
    expect(out(input, 'json', 'yaml', { lineWidth: 30 })).toBe(
      [
        'key: the quick brown fox jumps',
        '  over the lazy dog again and',
        '  again',
        'list:',
        '  - the quick brown fox jumps',
        '    over the lazy dog again',
        '    and again',
        'q: "the quick brown fox jumps',
        '  over the lazy dog again and',
        '  again: done"',
        `long: ${'x'.repeat(50)}`,
        `k: ${'a'.repeat(30)}`,
        '',
      ].join('\n'),
    );
  });

  it('never folds keys, block literals or flow collections, and a short value not at all', () => {
    const key = `${words} ${words}`;
    const input = JSON.stringify({ [key]: 'v', lit: `${words}\n${words}\n`, f: [words], s: 'short words' });
    expect(out(input, 'json', 'yaml', { lineWidth: 20, flowLevel: 1 })).toBe(
      `${key}: v\nlit: |\n  ${words}\n  ${words}\nf: [${words}]\ns: short words\n`,
    );
  });
});

describe('bad option values are refused with the accepted values', () => {
  it.each([
    [{ indent: 3 }, 'Field "indent" cannot be 3; accepted: 2 or 4.'],
    [{ jsonStyle: 'minified' }, 'Field "jsonStyle" cannot be "minified"; accepted: "pretty", "compact".'],
    [{ quoteStyle: 'backtick' }, 'Field "quoteStyle" cannot be "backtick"; accepted: "plain", "single", "double".'],
    [{ flowLevel: -1 }, 'Field "flowLevel" cannot be -1; accepted: an integer from 0 (0: the whole document in flow style).'],
    [{ lineWidth: 10 }, 'Field "lineWidth" cannot be 10; accepted: an integer from 20.'],
    [{ lineWidth: 40.5 }, 'Field "lineWidth" cannot be 40.5; accepted: an integer from 20.'],
    [{ sortKeys: 'yes' }, 'Field "sortKeys" cannot be "yes"; accepted: true or false.'],
  ])('%j', (options, message) => {
    const err = conversionError(() => convert({ input: 'a: 1', inputType: 'yaml', outputType: 'yaml', ...(options as Options) }));
    expect({ code: err.code, message: err.message }).toStrictEqual({ code: 'bad_request', message });
  });
});

describe('formatting options with preserveComments (kept styles)', () => {
  const yaml = (text: string) => parseYaml(text);

  it('indent 4 keeps a block scalar that needs an indentation indicator, with the indicator of the new indent', () => {
    const input = 'a:\n  b: |2\n      indented first line\n    second\n  c: 1 # c\n';
    const output = out(input, 'yaml', 'yaml', { indent: 4, preserveComments: true });
    expect(output).toBe('a:\n    b: |4\n          indented first line\n        second\n    c: 1 # c\n');
    expect(yaml(output)).toStrictEqual(yaml(input));
  });

  it('a kept flow collection and flowLevel share one writer: quoteStyle applies, a `:` in a string is quoted', () => {
    const input = 'p: [a, "b:c", {k: v}] # c\nq:\n  r: [x]\n';
    const output = out(input, 'yaml', 'yaml', { quoteStyle: 'single', preserveComments: true, flowLevel: 1 });
    expect(output).toBe("p: ['a', 'b:c', {k: 'v'}] # c\nq: {r: ['x']}\n");
    expect(yaml(output)).toStrictEqual(yaml(input));
    expect(out('a: [x, "y:z"]\n', 'yaml', 'yaml', { flowLevel: 1 })).toBe('a: [x, "y:z"]\n');
  });
});

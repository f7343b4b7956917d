import { describe, expect, test } from 'vitest';
import { writeJson } from '../../lib/converter/json/write-json';
import type { MapNode, NodeComments, SeqNode, YDocument, YNode } from '../../lib/converter/types';

/* Small IR builders. */
const str = (value: string): YNode => ({ kind: 'string', value });
const num = (text: string, special = false): YNode => (special ? { kind: 'number', text, special } : { kind: 'number', text });
const bool = (value: boolean): YNode => ({ kind: 'bool', value });
const nul = (): YNode => ({ kind: 'null' });
const seq = (items: YNode[], extra: Partial<SeqNode> = {}): SeqNode => ({ kind: 'seq', items, ...extra });
const map = (pairs: Array<[string | YNode, YNode]>, extra: Partial<MapNode> = {}): MapNode => ({
  kind: 'map',
  entries: pairs.map(([k, value]) => ({ key: typeof k === 'string' ? str(k) : k, value })),
  ...extra,
});
const commented = <T extends YNode>(node: T, comments: NodeComments): T => ({ ...node, comments });
const doc = (contents: YNode | null, comments?: YDocument['comments']): YDocument => (comments ? { contents, comments } : { contents });

/** A JavaScript value as IR (numbers through String, like JSON.stringify writes them). */
function fromJs(value: unknown): YNode {
  if (value === null) return nul();
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number') return num(String(value));
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return seq(value.map(fromJs));
  return map(Object.entries(value as object).map(([k, v]) => [k, fromJs(v)]));
}

const plain = (documents: YDocument[]) => writeJson(documents, { comments: false });
const jsonc = (documents: YDocument[]) => writeJson(documents, { comments: true });

describe('writeJson output shape', () => {
  test('is byte for byte JSON.stringify(value, null, 2) plus a newline', () => {
    const value = {
      name: 'yamljson',
      list: [1, 2.5, -3, true, false, null, 'x'],
      nested: { empty: {}, none: [], deep: [[[{ a: [] }]]] },
      text: 'quote " backslash \\ tab \t newline \n',
    };
    expect(plain([doc(fromJs(value))])).toBe(JSON.stringify(value, null, 2) + '\n');
  });

  test('no document is null, an empty document is null', () => {
    expect(plain([])).toBe('null\n');
    expect(plain([doc(null)])).toBe('null\n');
  });

  test('several documents become an array of their values', () => {
    expect(plain([doc(fromJs({ a: 1 })), doc(null), doc(str('x'))])).toBe('[\n  {\n    "a": 1\n  },\n  null,\n  "x"\n]\n');
  });

  test('scalars at the top level', () => {
    expect(plain([doc(str('hi'))])).toBe('"hi"\n');
    expect(plain([doc(num('1e400'))])).toBe('1e400\n');
    expect(plain([doc(bool(false))])).toBe('false\n');
  });

  test('empty collections are written as {} and []', () => {
    expect(
      plain([
        doc(
          map([
            ['a', map([])],
            ['b', seq([])],
          ]),
        ),
      ]),
    ).toBe('{\n  "a": {},\n  "b": []\n}\n');
  });
});

describe('writeJson values', () => {
  test('strings are escaped exactly like JSON.stringify, lone surrogates included', () => {
    const samples = ['\u0000\u0001\u001f\u007f', '\b\f\n\r\t"\\/', 'é日本😀', '\u2028\u2029', '\ud800', 'a\udc00b', '\udbff\udfff'];
    for (const s of samples) expect(plain([doc(str(s))])).toBe(JSON.stringify(s) + '\n');
    expect(plain([doc(str('\ud800'))])).toBe('"\\ud800"\n');
  });

  test('number text is written as it is, every digit kept', () => {
    const texts = ['12345678901234567890', '1.50', '-0', '1E+2', '0.1e-5'];
    expect(plain([doc(seq(texts.map((t) => num(t))))])).toBe(`[\n${texts.map((t) => `  ${t}`).join(',\n')}\n]\n`);
  });

  test('.inf, -.inf and .nan are written as strings', () => {
    expect(plain([doc(seq([num('.inf', true), num('-.inf', true), num('.nan', true)]))])).toBe('[\n  ".inf",\n  "-.inf",\n  ".nan"\n]\n');
  });

  test('keys keep their order, integer-like keys included', () => {
    expect(
      plain([
        doc(
          map([
            ['b', num('1')],
            ['2', num('2')],
            ['1', num('3')],
          ]),
        ),
      ]),
    ).toBe('{\n  "b": 1,\n  "2": 2,\n  "1": 3\n}\n');
  });

  test('non-string keys are written in their string form, collections as compact JSON', () => {
    const m = map([
      [num('1'), str('number')],
      [bool(true), str('bool')],
      [nul(), str('null')],
      [map([['a', seq([num('1'), num('2')])]]), str('map')],
      [seq([str('x'), num('.inf', true)]), str('seq')],
    ]);
    expect(plain([doc(m)])).toBe(
      [
        '{',
        '  "1": "number",',
        '  "true": "bool",',
        '  "null": "null",',
        '  "{\\"a\\":[1,2]}": "map",',
        '  "[\\"x\\",\\".inf\\"]": "seq"',
        '}',
        '',
      ].join('\n'),
    );
  });

  test('keys that become the same string keep the first place and the last value, with a warning', () => {
    const warnings: string[] = [];
    const m = map([
      [num('1'), str('a')],
      ['x', str('b')],
      ['1', str('c')],
    ]);
    const out = writeJson([doc(m)], { comments: false, onWarning: (w) => warnings.push(w) });
    expect(out).toBe('{\n  "1": "c",\n  "x": "b"\n}\n');
    expect(warnings).toEqual([
      'Two or more keys of one mapping become the same JSON key "1"; only the last value is kept, at the first key\'s place.',
    ]);
  });

  test('duplicate detection also works in large maps', () => {
    const pairs: Array<[string | YNode, YNode]> = Array.from({ length: 30 }, (_, i) => [String(i), num(String(i))]);
    pairs.push([num('0'), str('last')]);
    const warnings: string[] = [];
    const out = writeJson([doc(map(pairs))], { comments: false, onWarning: (w) => warnings.push(w) });
    expect(JSON.parse(out)['0']).toBe('last');
    expect(Object.keys(JSON.parse(out))).toHaveLength(30);
    expect(out.indexOf('"0"')).toBe(4);
    expect(warnings).toHaveLength(1);
  });

  test('a shared subtree (a DAG from YAML aliases) is written in full each time', () => {
    const shared = map([['k', seq([num('1')])]]);
    expect(
      plain([
        doc(
          map([
            ['a', shared],
            ['b', shared],
          ]),
        ),
      ]),
    ).toBe('{\n  "a": {\n    "k": [\n      1\n    ]\n  },\n  "b": {\n    "k": [\n      1\n    ]\n  }\n}\n');
  });

  test('an alias node is a bug and throws', () => {
    expect(() => plain([doc(seq([{ kind: 'alias', name: 'x' }]))])).toThrow(/alias \*x/);
  });
});

describe('writeJson with comments: true (JSONC)', () => {
  const tree = () =>
    map(
      [
        ['a', commented(num('1'), { before: [' about a'], trailing: ' one' })],
        [
          'b',
          commented(
            seq([commented(bool(true), { before: [' first', ' item'] }), commented(nul(), { trailing: ' last item' })], {
              endComments: [' end of b'],
            }),
            { trailing: ' the list' },
          ),
        ],
        ['c', commented(map([]), { trailing: ' empty' })],
        ['d', map([], { endComments: [' nothing yet'] })],
      ],
      { endComments: [' end of root'] },
    );

  test('writes before, trailing and end comments at their places', () => {
    expect(jsonc([doc(tree(), { before: [' head'], after: [' foot'] })])).toBe(
      [
        '// head',
        '{',
        '  // about a',
        '  "a": 1, // one',
        '  "b": [ // the list',
        '    // first',
        '    // item',
        '    true,',
        '    null // last item',
        '    // end of b',
        '  ],',
        '  "c": {}, // empty',
        '  "d": {',
        '    // nothing yet',
        '  }',
        '  // end of root',
        '}',
        '// foot',
        '',
      ].join('\n'),
    );
  });

  test('comments: false ignores every comment', () => {
    expect(plain([doc(tree(), { before: [' head'], after: [' foot'] })])).toBe(
      '{\n  "a": 1,\n  "b": [\n    true,\n    null\n  ],\n  "c": {},\n  "d": {}\n}\n',
    );
  });

  test('document comments surround each element when there are several documents', () => {
    expect(jsonc([doc(num('1'), { before: [' one'], after: [' after one'] }), doc(commented(num('2'), { trailing: ' t' }))])).toBe(
      '[\n  // one\n  1,\n  // after one\n  2 // t\n]\n',
    );
  });

  test('an empty comment is written as a bare //, a top-level scalar keeps its trailing comment', () => {
    expect(jsonc([doc(commented(str('x'), { trailing: ' why' }), { before: [''] })])).toBe('//\n"x" // why\n');
  });

  test('comment text is written exactly after //, as the readers keep it', () => {
    expect(jsonc([doc(commented(num('1'), { trailing: 'x' }), { before: ['# heading', '  two spaces'] })])).toBe(
      '//# heading\n//  two spaces\n1 //x\n',
    );
  });

  test('the comments of a stream with no document come before its null', () => {
    expect(writeJson([], { comments: true, streamComments: [' only', ''] })).toBe('// only\n//\nnull\n');
    expect(writeJson([], { comments: false, streamComments: [' only'] })).toBe('null\n');
  });

  test('a comment text with line breaks cannot break out of its // line', () => {
    expect(jsonc([doc(commented(num('1'), { trailing: ' a\nb' }), { before: [' c\n d'] })])).toBe('// c\n// d\n1 // a b\n');
  });
});

describe('writeJson on large documents', () => {
  test('a 1,000,000-item array is written completely', () => {
    const items: YNode[] = Array.from({ length: 1_000_000 }, (_, i) => num(String(i)));
    const out = plain([doc(seq(items))]);
    expect(out.startsWith('[\n  0,\n  1,\n')).toBe(true);
    expect(out.endsWith('  999999\n]\n')).toBe(true);
  });

  test('a 10 MB document is written exactly like JSON.stringify', () => {
    const records = Array.from({ length: 50_000 }, (_, i) => ({
      id: i,
      name: `record ${i} with some text`,
      tags: ['alpha', 'beta', 'gamma'],
      meta: { active: i % 2 === 0, score: i / 4, note: null },
    }));
    const ir = fromJs(records);
    const out = plain([doc(ir)]);
    expect(out.length).toBeGreaterThan(10_000_000);
    expect(out).toBe(JSON.stringify(records, null, 2) + '\n');
  });
});

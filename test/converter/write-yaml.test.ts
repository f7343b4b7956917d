import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { MAX_DEPTH } from '../../lib/converter/limits';
import type { YDocument, YNode } from '../../lib/converter/types';
import { writeYaml, yamlNumberText } from '../../lib/converter/yaml/write-yaml';
import { chooseStringStyle, doubleQuote, STYLE_DOUBLE, STYLE_PLAIN } from '../../lib/converter/yaml/yaml-scalar-style';
import { alias, bool, doc, fromJsonText, map, nul, num, seq, str, withComments } from '../helpers/ir-builders';
import { readBackProblems } from '../helpers/yaml-readback';

const write = (node: YNode | null, comments = false) => writeYaml([doc(node)], { comments });
const json = (text: string) => write(fromJsonText(text));

/** Writes, compares with the exact text, and checks the data reads back with every reader. */
function expectYaml(node: YNode, expected: string): void {
  const text = write(node);
  expect(text).toBe(expected);
  expect(readBackProblems(text, [node])).toEqual([]);
}

/** Reads YAML with the `yaml` package (1.2), keeping anchors/aliases resolved, for structure checks. */
function readJs(text: string): unknown[] {
  return parseAllDocuments(text, { intAsBigInt: false, prettyErrors: false }).map((d) => {
    if (d.errors.length > 0) throw new Error(d.errors[0]!.message);
    return d.toJS({ maxAliasCount: -1 });
  });
}

describe('writeYaml: layout', () => {
  it('maps, sequences, nesting, empty collections, two-space indentation', () => {
    expectYaml(
      fromJsonText('{"a":1,"b":[1,{"c":true,"d":[]}],"e":{},"f":[[1,2],[]],"g":{"h":{"i":null}},"j":[{"k":"v","l":"w"}]}'),
      [
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
        'g:',
        '  h:',
        '    i: null',
        'j:',
        '  - k: v',
        '    l: w',
        '',
      ].join('\n'),
    );
  });

  it('root scalars, empty root collections, null and booleans', () => {
    expect(json('"hello"')).toBe('hello\n');
    expect(json('"yes"')).toBe('"yes"\n');
    expect(json('42')).toBe('42\n');
    expect(json('null')).toBe('null\n');
    expect(json('true')).toBe('true\n');
    expect(json('false')).toBe('false\n');
    expect(json('{}')).toBe('{}\n');
    expect(json('[]')).toBe('[]\n');
    expect(write(null)).toBe('null\n');
  });

  it('keeps key order, integer-like keys included', () => {
    expectYaml(fromJsonText('{"b":1,"2":2,"1":3,"a":4,"10":5}'), 'b: 1\n"2": 2\n"1": 3\na: 4\n"10": 5\n');
  });

  it('writes a shared subtree (DAG) in full, never inventing anchors', () => {
    const shared = map([
      ['x', num('1')],
      ['y', seq([str('a')])],
    ]);
    const root = map([
      ['first', shared],
      ['second', shared],
      ['list', seq([shared, shared])],
    ]);
    const text = write(root);
    expect(text).toBe(
      [
        'first:',
        '  x: 1',
        '  "y":',
        '    - a',
        'second:',
        '  x: 1',
        '  "y":',
        '    - a',
        'list:',
        '  - x: 1',
        '    "y":',
        '      - a',
        '  - x: 1',
        '    "y":',
        '      - a',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/[&*]/);
    expect(readBackProblems(text, [root])).toEqual([]);
  });

  it('several documents: `---` between them, an empty document as null, no leading marker', () => {
    const text = writeYaml([doc(map([['a', num('1')]])), doc(null), doc(str('x')), doc(seq([num('2')]))], {
      comments: false,
    });
    expect(text).toBe('a: 1\n---\nnull\n---\nx\n---\n- 2\n');
    expect(readBackProblems(text, [map([['a', num('1')]]), null, str('x'), seq([num('2')])])).toEqual([]);
  });

  it('writes collections nested as deep as the converter allows (MAX_DEPTH) without overflowing', () => {
    let nested: YNode = str('leaf');
    for (let i = 0; i < MAX_DEPTH; i++) nested = i % 2 === 0 ? seq([nested]) : map([['k', nested]]);
    const text = write(nested);
    expect(text.endsWith('leaf\n')).toBe(true);
    expect(readBackProblems(text, [nested])).toEqual([]);
  });

  it('no documents: empty output', () => {
    expect(writeYaml([], { comments: false })).toBe('');
  });
});

describe('writeYaml: string quoting', () => {
  const plain = [
    'hello',
    'hello world',
    'http://x',
    'https://example.com/a?b=c#d',
    'nginx:1.25',
    '/usr/bin/env',
    'a:b',
    'a#b',
    '-x',
    '--verbose',
    'a,b',
    'key=value',
    'é',
    '😀',
    'C:\\x',
    "it's",
    'a "b"',
    '1password',
    '+',
    '.gitignore',
    'Yess',
    'nope',
    'Infinity',
    'NaN',
    '10px',
    'e',
    'e1x',
    'eval',
    'E-',
  ];
  const quoted = [
    '',
    ' ',
    ' a',
    'a ',
    'a\u00a0',
    '\u3000',
    // booleans and nulls of YAML 1.1 and 1.2
    'y',
    'Y',
    'yes',
    'Yes',
    'YES',
    'n',
    'N',
    'no',
    'No',
    'NO',
    'true',
    'True',
    'TRUE',
    'false',
    'False',
    'FALSE',
    'on',
    'On',
    'ON',
    'off',
    'Off',
    'OFF',
    '~',
    'null',
    'Null',
    'NULL',
    // numbers of YAML 1.1 and 1.2
    '0',
    '12',
    '-1',
    '+1',
    '017',
    '0x1F',
    '0o17',
    '0b101',
    '1_000',
    '1:20',
    '-1:20',
    '190:20:30.15',
    '1.0',
    '1e3',
    '1E3',
    'e1',
    'E0',
    '-e5',
    '+E+3',
    '.5',
    '-.5',
    '1_000.5',
    '1.',
    '.',
    '..',
    '-.',
    '.inf',
    '.Inf',
    '-.INF',
    '+.inf',
    '.nan',
    '.NaN',
    // timestamps
    '2001-12-14',
    '2001-12-14t21:59:43.10-05:00',
    '2001-12-14 21:59:43.10 -5',
    '2002-12-14T21:59:43Z',
    // merge and value keys
    '<<',
    '=',
    // indicators
    '-',
    '- a',
    '? x',
    '?x',
    ': x',
    ':x',
    ',a',
    '[x',
    ']',
    '{x',
    '}',
    '#x',
    '&a',
    '*a',
    '!a',
    '|',
    '>',
    "'",
    '"',
    '%a',
    '@a',
    '`a',
    // plain-breaking sequences
    'a: b',
    'a:',
    'a #b',
    'a\tb',
    '\t',
    // document markers
    '---',
    '--- a',
    '...',
    '...a',
    // non-printable, line breaks of YAML 1.1, BOM, lone surrogates
    '\r',
    '\u0085',
    '\u2028',
    '\u2029',
    '\ufeff',
    'a\u0000b',
    '\u007f',
    '\u009f',
    '\ud800',
    '\udc00',
    '\ufffe',
  ];
  it.each(plain)('plain: %j', (s) => {
    expect(chooseStringStyle(s, 0)).toBe(STYLE_PLAIN);
    expectYaml(map([['k', str(s)]]), `k: ${s}\n`);
  });
  it.each(quoted)('double-quoted: %j', (s) => {
    expect(chooseStringStyle(s, 0)).toBe(STYLE_DOUBLE);
    expectYaml(map([['k', str(s)]]), `k: ${doubleQuote(s)}\n`);
    expectYaml(map([[s, str('v')]]), `${doubleQuote(s)}: v\n`);
  });

  it('escapes in double quotes', () => {
    expect(doubleQuote('')).toBe('""');
    expect(doubleQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(doubleQuote('\u0000\t\n\r')).toBe('"\\0\\t\\n\\r"');
    expect(doubleQuote('\u0001\u001b\u007f\u0085\u009f')).toBe('"\\x01\\x1B\\x7F\\x85\\x9F"');
    expect(doubleQuote('\u2028\u2029\ufeff\ufffe\uffff')).toBe('"\\u2028\\u2029\\uFEFF\\uFFFE\\uFFFF"');
    expect(doubleQuote('a\ud800b\udc00')).toBe('"a\\uD800b\\uDC00"');
    expect(doubleQuote('é😀\u00a0')).toBe('"é😀\u00a0"');
  });

  it('never folds long lines', () => {
    const long = 'word '.repeat(200) + 'end';
    expectYaml(map([['k', str(long)]]), `k: ${long}\n`);
    const longQuoted = 'x: '.repeat(300);
    expect(write(map([['k', str(longQuoted)]])).split('\n')).toHaveLength(2);
  });
});

describe('writeYaml: block literals', () => {
  it('chooses the chomping that gives back the exact trailing newlines', () => {
    expectYaml(map([['k', str('a\nb')]]), 'k: |-\n  a\n  b\n');
    expectYaml(map([['k', str('a\nb\n')]]), 'k: |\n  a\n  b\n');
    expectYaml(
      map([
        ['k', str('a\nb\n\n')],
        ['z', num('1')],
      ]),
      'k: |+\n  a\n  b\n\nz: 1\n',
    );
    expectYaml(
      map([
        ['k', str('a\n\n\n')],
        ['z', num('1')],
      ]),
      'k: |+\n  a\n\n\nz: 1\n',
    );
  });

  it('keeps inner empty lines, tabs, `#` and document markers as content', () => {
    expectYaml(map([['k', str('a\n\n#b\n---\n\tc\n...\n')]]), 'k: |\n  a\n\n  #b\n  ---\n  \tc\n  ...\n');
  });

  it('uses an indentation indicator when the text starts with a space or a newline', () => {
    expectYaml(map([['k', str('  a\nb\n')]]), 'k: |2\n    a\n  b\n');
    expectYaml(map([['k', str('\na\n')]]), 'k: |2\n\n  a\n');
    expectYaml(map([['k', str('\n\n  a')]]), 'k: |2-\n\n\n    a\n');
    expectYaml(seq([str(' a\nb'), seq([str(' c\n')])]), '- |2-\n   a\n  b\n- - |2\n     c\n');
    expectYaml(seq([map([['k', str(' x\n')]])]), '- k: |2\n     x\n');
  });

  it('indents nested literals under their key or dash', () => {
    expectYaml(
      map([
        [
          'a',
          map([
            ['b', seq([str('x\ny\n')])],
            ['c', str('p\nq')],
          ]),
        ],
      ]),
      'a:\n  b:\n    - |\n      x\n      y\n  c: |-\n    p\n    q\n',
    );
  });

  it('falls back to double quotes for what a literal cannot carry exactly', () => {
    for (const s of [
      'a\r\nb',
      'a\nb\u0085',
      'a\n\u2028',
      '\ufeffa\nb',
      'a\n\ud800',
      'a\n  \nb',
      'a\n \n',
      '  \n x',
      'x\n ',
      'a\n\t\nb',
      '\n',
      '\n\n',
      'a\n\u0007',
    ]) {
      expectYaml(map([['k', str(s)]]), `k: ${doubleQuote(s)}\n`);
    }
  });

  it('root literals: plain literal alone, quoted when an indentation indicator would be needed', () => {
    expectYaml(str('a\nb\n'), '|\n  a\n  b\n');
    expectYaml(str(' a\nb\n'), '" a\\nb\\n"\n');
  });

  it('keeps exactly one final newline: a `|+` literal at the very end is double-quoted', () => {
    expectYaml(map([['k', str('a\n\n')]]), 'k: "a\\n\\n"\n');
    expectYaml(seq([str('a\n\n')]), '- "a\\n\\n"\n');
    expectYaml(str('a\n\n'), '"a\\n\\n"\n');
  });

  it('never writes a key as a block scalar', () => {
    expectYaml(map([['a\nb', num('1')]]), '"a\\nb": 1\n');
  });
});

describe('writeYaml: numbers', () => {
  it('keeps the digits, adding what YAML 1.1 needs to read an exponent as a float', () => {
    const cases: Array<[string, string]> = [
      ['0', '0'],
      ['-0', '-0'],
      ['42', '42'],
      ['-17', '-17'],
      ['0.10', '0.10'],
      ['3.14159265358979323846', '3.14159265358979323846'],
      ['12345678901234567890', '12345678901234567890'],
      ['1e3', '1.0e+3'],
      ['2E-5', '2.0E-5'],
      ['1.5e10', '1.5e+10'],
      ['-1.5E+10', '-1.5E+10'],
      ['123.456e+78', '123.456e+78'],
      ['1e400', '1.0e+400'],
    ];
    for (const [text, yaml] of cases) expect(yamlNumberText({ kind: 'number', text })).toBe(yaml);
    expectYaml(
      fromJsonText('{"big":12345678901234567890,"neg":-98765432109876543210,"e":1e3,"f":2E-5,"g":0.10}'),
      'big: 12345678901234567890\nneg: -98765432109876543210\ne: 1.0e+3\nf: 2.0E-5\ng: 0.10\n',
    );
  });

  it('writes special numbers as .inf, -.inf, .nan', () => {
    const node = seq([num('.inf', { special: true }), num('-.inf', { special: true }), num('.nan', { special: true })]);
    const text = write(node);
    expect(text).toBe('- .inf\n- -.inf\n- .nan\n');
    expect(readJs(text)).toEqual([[Infinity, -Infinity, NaN]]);
  });
});

describe('writeYaml: keys', () => {
  it('quotes keys like values', () => {
    expectYaml(
      fromJsonText('{"yes":1,"on":2,"1.0":3,"a: b":4,"-":5,"":6," k":7,"<<":8,"=":9,"~":10,"name":11}'),
      '"yes": 1\n"on": 2\n"1.0": 3\n"a: b": 4\n"-": 5\n"": 6\n" k": 7\n"<<": 8\n"=": 9\n"~": 10\nname: 11\n',
    );
  });

  it('uses the explicit form for keys longer than 1024 characters', () => {
    const k1024 = 'k'.repeat(1024);
    expectYaml(map([[k1024, num('1')]]), `${k1024}: 1\n`);
    const k1025 = 'k'.repeat(1025);
    expectYaml(
      map([
        [k1025, num('1')],
        ['b', num('2')],
      ]),
      `? ${k1025}\n: 1\nb: 2\n`,
    );
    const q = ' '.repeat(1030);
    expectYaml(map([[q, seq([num('1')])]]), `? "${q}"\n:\n  - 1\n`);
    expectYaml(seq([map([[k1025, num('1')]])]), `- ? ${k1025}\n  : 1\n`);
  });

  it('writes non-string keys: scalars plain, collections as explicit keys', () => {
    const node = map([
      [num('1'), str('one')],
      [num('1e3'), str('thousand')],
      [bool(true), str('t')],
      [nul(), str('nil')],
      [seq([str('a'), str('b')]), str('seq')],
      [map([['x', num('1')]]), str('map')],
      [seq([]), str('empty')],
    ]);
    const text = write(node);
    expect(text).toBe(
      ['1: one', '1.0e+3: thousand', 'true: t', 'null: nil', '? - a', '  - b', ': seq', '? x: 1', ': map', '? []', ': empty', ''].join('\n'),
    );
    // The `yaml` package reads collection keys as their string form when making plain objects.
    const d = parseAllDocuments(text)[0]!;
    expect(d.errors).toEqual([]);
    expect((d.toJS({ mapAsMap: true }) as Map<unknown, unknown>).size).toBe(7);
  });
});

describe('writeYaml: anchors, aliases, merge keys and tags (yaml -> yaml with preserveAnchors)', () => {
  it('places anchors and tags before scalars and on the line of the key or dash for collections', () => {
    const node = map([
      ['base', map([['x', num('1')]], { anchor: 'a' })],
      ['list', seq([str('p')], { anchor: 'l' })],
      [
        'items',
        seq([
          map(
            [
              ['x', num('1')],
              ['y', num('2')],
            ],
            { anchor: 'i' },
          ),
          seq([str('q')], { anchor: 'j' }),
        ]),
      ],
      ['s', str('v', { anchor: 's' })],
      ['ref', alias('a')],
      ['refs', seq([alias('s'), alias('l')])],
      [
        'set',
        map(
          [
            ['a', nul()],
            ['b', nul()],
          ],
          { tag: '!!set' },
        ),
      ],
      ['cfn', str('MyBucket', { tag: '!Ref' })],
      ['both', map([['k', num('1')]], { anchor: 'b', tag: '!Custom' })],
      ['bin', str('R0lGODlhDAAMAIQAAP//9/X\n17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5\n', { tag: '!!binary' })],
      ['emptyMap', map([], { anchor: 'em' })],
      ['emptySeq', seq([], { tag: '!!seq', anchor: 'es' })],
      ['none', nul({ anchor: 'nothing' })],
      ['tagged', nul({ tag: '!Foo' })],
      [str('k', { anchor: 'key' }), str('keyed')],
      [alias('key'), str('again')],
    ]);
    const text = write(node);
    expect(text).toBe(
      [
        'base: &a',
        '  x: 1',
        'list: &l',
        '  - p',
        'items:',
        '  - &i',
        '    x: 1',
        '    "y": 2',
        '  - &j',
        '    - q',
        's: &s v',
        'ref: *a',
        'refs:',
        '  - *s',
        '  - *l',
        'set: !!set',
        '  a: null',
        '  b: null',
        'cfn: !Ref MyBucket',
        'both: &b !Custom',
        '  k: 1',
        'bin: !!binary |',
        '  R0lGODlhDAAMAIQAAP//9/X',
        '  17unp5WZmZgAAAOfn515eXvPz7Y6OjuDg4J+fn5',
        'emptyMap: &em {}',
        'emptySeq: &es !!seq []',
        'none: &nothing',
        'tagged: !Foo',
        '&key k: keyed',
        '*key : again',
        '',
      ].join('\n'),
    );
    // Unknown tags (!Ref, !Custom, !Foo) are warnings for the `yaml` package, not errors.
    const d = parseAllDocuments(text, { logLevel: 'error' })[0]!;
    expect(d.errors).toEqual([]);
    const js = d.toJS() as Record<string, unknown>;
    expect(js.ref).toEqual({ x: 1 });
    expect(js.refs).toEqual(['v', ['p']]);
    expect(js.items).toEqual([{ x: 1, y: 2 }, ['q']]);
    expect(js.none).toBeNull();
  });

  it('writes merge entries as a plain `<<` key, and a string "<<" key quoted', () => {
    const node = seq([
      map(
        [
          ['name', str('base')],
          ['port', num('80')],
        ],
        { anchor: 'base' },
      ),
      map([{ key: str('<<'), value: alias('base'), merge: true }, ['port', num('8080')]]),
      map([{ key: str('<<'), value: seq([alias('base')]), merge: true }, ['<<', str('literal key')]]),
    ]);
    const text = write(node);
    expect(text).toBe(
      ['- &base', '  name: base', '  port: 80', '- <<: *base', '  port: 8080', '- <<:', '    - *base', '  "<<": literal key', ''].join('\n'),
    );
    const d = parseAllDocuments(text, { merge: true })[0]!;
    expect(d.errors).toEqual([]);
    expect(d.toJS()).toEqual([
      { name: 'base', port: 80 },
      { name: 'base', port: 8080 },
      { name: 'base', port: 80, '<<': 'literal key' },
    ]);
  });

  it('puts the properties of a root collection on a `---` line', () => {
    expect(write(map([['a', num('1')]], { anchor: 'r' }))).toBe('--- &r\na: 1\n');
    expect(write(map([['a', nul()]], { tag: '!!set' }))).toBe('--- !!set\na: null\n');
    expect(write(str('x', { anchor: 'r' }))).toBe('&r x\n');
    expect(write(seq([], { anchor: 'e' }))).toBe('&e []\n');
    const two = writeYaml([doc(str('a')), doc(seq([str('b')], { anchor: 's' }))], { comments: false });
    expect(two).toBe('a\n--- &s\n- b\n');
    expect(readJs(two)).toEqual(['a', ['b']]);
  });
});

describe('writeYaml: comments', () => {
  const commented = (): YDocument => ({
    contents: withComments(
      map(
        [
          ['a', withComments(num('1'), { before: [' about a'], trailing: ' after 1' })],
          ['b', withComments(map([['x', num('1')]]), { before: [' about b'], trailing: ' on b' })],
          [
            'list',
            withComments(
              seq(
                [
                  withComments(str('x'), { before: [' item x'], trailing: ' x!' }),
                  withComments(map([['k', withComments(str('v'), { before: [' first key'] })]]), { trailing: ' map item' }),
                  map([
                    ['p', num('1')],
                    ['q', num('2')],
                  ]),
                ],
                { endComments: [' end of list'] },
              ),
              { trailing: ' the list' },
            ),
          ],
          ['lit', withComments(str('l1\nl2\n'), { trailing: ' literal' })],
          ['empty', withComments(map([]), { trailing: ' nothing' })],
        ],
        { endComments: [' end of root'] },
      ),
      { trailing: ' root' },
    ),
    comments: { before: [' document start', ''], after: [' document end'] },
  });

  it('writes before, trailing, end and document comments at their places', () => {
    const text = writeYaml([commented()], { comments: true });
    expect(text).toBe(
      [
        '# document start',
        '#',
        '# root',
        '# about a',
        'a: 1 # after 1',
        '# about b',
        'b: # on b',
        '  x: 1',
        'list: # the list',
        '  # item x',
        '  - x # x!',
        '  - # map item',
        '    # first key',
        '    k: v',
        '  - p: 1',
        '    q: 2',
        '  # end of list',
        'lit: | # literal',
        '  l1',
        '  l2',
        'empty: {} # nothing',
        '# end of root',
        '# document end',
        '',
      ].join('\n'),
    );
    expect(readJs(text)).toEqual([{ a: 1, b: { x: 1 }, list: ['x', { k: 'v' }, { p: 1, q: 2 }], lit: 'l1\nl2\n', empty: {} }]);
  });

  it('writes no comment without the option', () => {
    expect(writeYaml([commented()], { comments: false })).not.toContain('#');
  });

  it('keeps comment lines one line each and printable', () => {
    const node = map([['a', withComments(num('1'), { before: [' one\n two', ' x\u0000y\u2028 z'], trailing: ' p\nq\r' })]]);
    expect(write(node, true)).toBe('# one\n# two\n# x\uFFFDy\n# z\na: 1 # p q \n');
  });

  it('separates documents and keeps their comments', () => {
    const text = writeYaml([doc(map([['a', num('1')]]), { after: [' end one'] }), doc(str('x'), { before: [' doc two'] })], { comments: true });
    expect(text).toBe('a: 1\n# end one\n---\n# doc two\nx\n');
  });
});

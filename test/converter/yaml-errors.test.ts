/**
 * YAML errors people can act on: one mistake in the block structure is one error,
 * at the line that is wrong, saying what was expected there; independent mistakes stay separate.
 */
import { describe, expect, test } from 'vitest';
import { convert, validate } from '../../lib/converter';
import { readYaml } from '../../lib/converter/yaml/read-yaml';
import { MAX_ERRORS } from '../../lib/converter/limits';

const errorsOf = (input: string) => validate({ input, type: 'yaml' }).errors;
const where = (input: string) => errorsOf(input).map((e) => `${e.code}@${e.line}:${e.column}`);

const WORKFLOW = (setupWith: string) =>
  [
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - name: Checkout',
    '        uses: actions/checkout@v4',
    '      - name: Setup',
    '        uses: actions/setup-node@v4',
    setupWith,
    '          node-version: 20',
    '          cache: npm',
    '      - name: Test',
    '        run: npm test',
    '',
  ].join('\n');

describe('one indentation mistake is one error, naming what was expected', () => {
  test.each([
    [
      'a key one space too little, in a list of steps',
      WORKFLOW('       with:'),
      'BAD_INDENT@9:8',
      'The key `with` is indented 1 space too little: expected the key at column 9, like `uses` on line 8.',
    ],
    [
      'a key one space too far, in a list of steps',
      WORKFLOW('         with:'),
      'BAD_INDENT@9:10',
      'The key `with` is indented 1 space too far: expected the key at column 9, like `uses` on line 8.',
    ],
    [
      'a key with a value one space too far',
      'steps:\n  - name: build\n    run: make\n     with: x\n  - name: test\n    run: make test\n',
      'BAD_INDENT@4:6',
      'The key `with` is indented 1 space too far: expected the key at column 5, like `run` on line 3.',
    ],
    [
      'the second key of an item one space too little',
      'steps:\n  - name: build\n   run: make\n  - name: test\n    run: make test\n',
      'BAD_INDENT@3:4',
      'The key `run` is indented 1 space too little: expected the key at column 5, like `name` on line 2.',
    ],
    [
      'a list item one space too far',
      'steps:\n  - name: a\n    run: b\n   - name: c\n     run: d\n  - name: e\n    run: f\n',
      'BAD_INDENT@4:4',
      'This item is indented 1 space too far: expected the item "-" at column 3, like the "-" on line 2.',
    ],
    [
      'a list item one space too little',
      'steps:\n  - name: a\n    run: b\n - name: c\n   run: d\n  - name: e\n    run: f\n',
      'BAD_INDENT@4:2',
      'This item is indented 1 space too little: expected the item "-" at column 3, like the "-" on line 2.',
    ],
    [
      'a Compose key one space too little, with its own list below it',
      'services:\n  web:\n    image: nginx\n    ports:\n      - "80:80"\n   environment:\n      - A=1\n  db:\n    image: postgres\n',
      'BAD_INDENT@6:4',
      'The key `environment` is indented 1 space too little: expected the key at column 5, like `ports` on line 4.',
    ],
    [
      'a key out of line in a nested mapping',
      'a:\n  b: 1\n  c:\n    d: 2\n    e: 3\n   f: 4\n  g: 5\n',
      'BAD_INDENT@6:4',
      'The key `f` is indented 1 space too little: expected the key at column 5, like `e` on line 5.',
    ],
    [
      "a key one space too far, its block where its siblings' blocks are",
      'spec:\n  template:\n    metadata:\n      labels:\n        app: x\n     spec:\n      containers: []\n',
      'BAD_INDENT@6:6',
      'The key `spec` is indented 1 space too far: expected the key at column 5, like `metadata` on line 3.',
    ],
    [
      'a missing colon',
      'name: x\nversion 1\nother: 2\n',
      'MISSING_CHAR@2:1',
      'Expected a key followed by ":" at column 1, like `name` on line 1; is the ":" missing?',
    ],
    ['tab indentation', 'a:\n\tb: 1\nc: 2\n', 'TAB_INDENT@2:1', 'Tabs cannot indent YAML; indent with spaces.'],
    ['an unclosed quote', 'name: "abc\nother: 2\nthird: 3\n', 'UNCLOSED_QUOTE@1:7', 'This quoted string is never closed: the closing " is missing.'],
    [
      'an unclosed flow sequence',
      'list: [1, 2\nother: 2\nthird: 3\n',
      'UNCLOSED_FLOW_COLLECTION@1:7',
      'This flow sequence is never closed: the closing ] is missing.',
    ],
  ])('%s', (_name, input, expected, message) => {
    expect(where(input)).toEqual([expected]);
    expect(errorsOf(input)[0]!.message).toBe(message);
  });

  test('block scalars, flow collections and quoted scalars over several lines are stepped over, not blamed', () => {
    const input = [
      'steps:',
      '  - run: |',
      '      make',
      '        indented more',
      '    env: { A: 1,',
      '      B: 2 }',
      '    msg: "two',
      '      lines"',
      '   with: x',
      '',
    ].join('\n');
    expect(where(input)).toEqual(['BAD_INDENT@9:4']);
    expect(errorsOf(input)[0]!.message).toBe('The key `with` is indented 1 space too little: expected the key at column 5, like `msg` on line 7.');
  });

  test('two independent mistakes far apart are two errors', () => {
    const input = `${WORKFLOW('       with:')}other:\n  a: 1\n b: 2\n`;
    expect(where(input)).toEqual(['BAD_INDENT@9:8', 'BAD_INDENT@16:2']);
  });

  test('an indentation mistake and an unclosed quote far apart are two errors', () => {
    const input = 'a:\n  b: 1\n c: 2\nd: 1\ne: 2\nf: "open\n';
    expect(where(input)).toEqual(['BAD_INDENT@3:2', 'UNCLOSED_QUOTE@6:4']);
  });

  test('convert answers the same single error in its 422 details', () => {
    const input = WORKFLOW('       with:');
    const r = readYaml(input, { comments: false, anchors: false, target: 'json' });
    expect(r.errors.map((e) => `${e.code}@${e.line}:${e.column}`)).toEqual(['BAD_INDENT@9:8']);
  });

  test('many misplaced lines: each one error, capped, in line order', () => {
    const input = Array.from({ length: 500 }, (_, i) => `r${i}:\n  k: 1\n   x: 2\n`).join('');
    const errors = errorsOf(input);
    expect(errors).toHaveLength(MAX_ERRORS);
    expect(errors.every((e) => e.code === 'BAD_INDENT')).toBe(true);
    expect(errors.map((e) => e.line)).toEqual(Array.from({ length: MAX_ERRORS }, (_, i) => 3 + 3 * i));
  });
});

describe('duplicate keys name the key and both lines', () => {
  test('in a block mapping, at the second key', () => {
    expect(errorsOf('name: a\nkeys:\n  x: 1\nname: b\n')).toEqual([
      { message: 'Duplicate key "name": first on line 1, again on line 4.', line: 4, column: 1, code: 'DUPLICATE_KEY' },
    ]);
  });

  test('on one line (a flow mapping), by column', () => {
    expect(errorsOf('a: {x: 1, y: 2, x: 3}\n')).toEqual([
      { message: 'Duplicate key "x": first at column 5, again at column 17 of line 1.', line: 1, column: 17, code: 'DUPLICATE_KEY' },
    ]);
  });

  test('keys equal as values show the second key as written', () => {
    expect(errorsOf('1: a\n0x1: b\n')[0]!.message).toBe('Duplicate key "0x1": first on line 1, again on line 2.');
  });

  test('the same wording as JSON input (there a warning: the last value is kept)', () => {
    expect(errorsOf('a: 1\nb: 2\na: 3\n')[0]!.message).toBe('Duplicate key "a": first on line 1, again on line 3.');
    const json = convert({ input: '{"a": 1,\n"b": 2,\n"a": 3}', inputType: 'json', outputType: 'yaml' });
    expect(json.warnings).toEqual(['Duplicate key "a": first on line 1, again on line 3. The last value is kept.']);
  });
});

describe('the block structure model reads any line in one pass', () => {
  // Lines shaped to make a regular expression backtrack (long runs of spaces, of "&", of quotes
  // never closed): the model reads each character a bounded number of times, so these end; a
  // quadratic read would not within the test's timeout (a safety net, not a measure).
  test.each([
    ['a long run of spaces with no colon', `a: 1\nb${' '.repeat(300_000)}c\n d: 1\n`],
    ['a long run of anchors', `a: 1\nb: ${'&'.repeat(300_000)} x\n  c: 1\n`],
    ['a quote that never closes', `a: 1\nb: "${'x '.repeat(150_000)}\n c: 1\n`],
    ['many lines of open flow collections', `${'- [\n'.repeat(50_000)}`],
    ['many misplaced keys', Array.from({ length: 20_000 }, (_, i) => `r${i}:\n  k: 1\n   x: 2\n`).join('')],
    // Over a hundred thousand parser errors (bench/hostile-inputs.ts's yaml-stray-closers at 256 KiB):
    // once passed on as one spread, which overflowed the stack (a RangeError, a 500 on the server).
    ['a quarter megabyte of stray closers', '- ]\n- }\n'.repeat(32_768)],
  ])('%s', (_name, input) => {
    const errors = errorsOf(input);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.length).toBeLessThanOrEqual(MAX_ERRORS);
  });
});

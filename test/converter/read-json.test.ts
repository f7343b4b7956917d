import { describe, expect, test } from 'vitest';
import { readJson, type ReadJsonResult } from '../../lib/converter/json/read-json';
import { MAX_ERRORS } from '../../lib/converter/limits';
import type { MapNode, SeqNode, StringNode, YNode } from '../../lib/converter/types';

const strict = (text: string) => readJson(text, { strict: true, comments: false });
const jsonc = (text: string) => readJson(text, { strict: false, comments: false });
const withComments = (text: string) => readJson(text, { strict: false, comments: true });

/** The errors as `code@line:column`, the compact form the assertions compare. */
const where = (r: ReadJsonResult) => r.errors.map((e) => `${e.code}@${e.line}:${e.column}`);

function contents(r: ReadJsonResult): YNode {
  expect(r.errors).toEqual([]);
  const node = r.document?.contents;
  if (!node) throw new Error('no contents');
  return node;
}
const asMap = (n: YNode | undefined) => n as MapNode;
const asSeq = (n: YNode | undefined) => n as SeqNode;
const keysOf = (n: YNode) => asMap(n).entries.map((e) => (e.key as StringNode).value);

describe('readJson builds the IR', () => {
  test('each kind of scalar is read as the top-level value, at depth 0', () => {
    expect(contents(strict('"hi"'))).toEqual({ kind: 'string', value: 'hi' });
    expect(contents(strict(' 42 '))).toEqual({ kind: 'number', text: '42' });
    expect(contents(strict('true'))).toEqual({ kind: 'bool', value: true });
    expect(contents(strict('false'))).toEqual({ kind: 'bool', value: false });
    expect(contents(strict('null'))).toEqual({ kind: 'null' });
    expect(strict('"hi"').maxDepth).toBe(0);
  });

  test('objects become maps with string keys and arrays become sequences', () => {
    expect(contents(strict('{"a": [1, {"b": null}], "c": {}}'))).toEqual({
      kind: 'map',
      entries: [
        {
          key: { kind: 'string', value: 'a' },
          value: {
            kind: 'seq',
            items: [
              { kind: 'number', text: '1' },
              { kind: 'map', entries: [{ key: { kind: 'string', value: 'b' }, value: { kind: 'null' } }] },
            ],
          },
        },
        { key: { kind: 'string', value: 'c' }, value: { kind: 'map', entries: [] } },
      ],
    });
  });

  test('numbers keep their exact source text', () => {
    const items = asSeq(contents(strict('[12345678901234567890, 1.50, -0, 1E+2, 0.1e-5, 9007199254740993]'))).items;
    expect(items.map((n) => (n.kind === 'number' ? n.text : n.kind))).toEqual([
      '12345678901234567890',
      '1.50',
      '-0',
      '1E+2',
      '0.1e-5',
      '9007199254740993',
    ]);
  });

  test('keys stay in source order, integer-like keys included', () => {
    expect(keysOf(contents(strict('{"b":1,"2":2,"1":3,"a":4,"0":5}')))).toEqual(['b', '2', '1', 'a', '0']);
  });

  test('string escapes are decoded', () => {
    const node = contents(strict(String.raw`"\"\\\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00"`));
    expect(node).toEqual({ kind: 'string', value: '"\\/\b\f\n\r\té€😀' });
  });

  test('a lone surrogate escape gives a lone surrogate', () => {
    expect(contents(strict(String.raw`"\ud800"`))).toEqual({ kind: 'string', value: '\ud800' });
    expect(contents(strict(String.raw`["\udc00x", "a\uDBFF"]`))).toEqual({
      kind: 'seq',
      items: [
        { kind: 'string', value: '\udc00x' },
        { kind: 'string', value: 'a\udbff' },
      ],
    });
  });

  test('non-ASCII text and U+2028 are kept as they are', () => {
    expect(contents(strict('"日本 😀 \u2028"'))).toEqual({ kind: 'string', value: '日本 😀 \u2028' });
  });

  test('a leading byte order mark is ignored in both modes, and columns are counted after it', () => {
    expect(keysOf(contents(strict('\ufeff{"a":1}')))).toEqual(['a']);
    expect(keysOf(contents(jsonc('\ufeff{"a":1}')))).toEqual(['a']);
    expect(where(strict('\ufeff[x]'))).toEqual(['UNEXPECTED_TOKEN@1:2']);
  });

  test('maxDepth is the deepest nesting of arrays and objects', () => {
    expect(strict('[[{"a": [1]}], []]').maxDepth).toBe(4);
    expect(strict('{}').maxDepth).toBe(1);
  });

  test('a 100,000-deep array is read without overflowing the stack', () => {
    const depth = 100_000;
    const r = strict('['.repeat(depth) + ']'.repeat(depth));
    expect(r.errors).toEqual([]);
    expect(r.maxDepth).toBe(depth);
    let node = r.document!.contents!;
    for (let d = 1; d < depth; d++) node = asSeq(node).items[0]!;
    expect(asSeq(node).items).toEqual([]);
  });

  test('a 1,000,000-item array is read completely', () => {
    const text = '[' + Array.from({ length: 1_000_000 }, (_, i) => i).join(',') + ']';
    const r = strict(text);
    const items = asSeq(contents(r)).items;
    expect(items).toHaveLength(1_000_000);
    expect(items[999_999]).toEqual({ kind: 'number', text: '999999' });
  });
});

describe('readJson with duplicate keys', () => {
  test('keeps one entry at the first place with the last value, and warns with the position', () => {
    const r = strict('{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}');
    const node = asMap(contents(r));
    expect(keysOf(node)).toEqual(['a', 'b']);
    expect(node.entries[0]!.value).toEqual({ kind: 'number', text: '3' });
    expect(r.warnings).toEqual(['Duplicate key "a": first on line 2, again on line 4. The last value is kept.']);
  });

  test('finds duplicates in large objects too', () => {
    const members = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`);
    const r = strict(`{${members.join(',')}, "k0": "last", "k39": "end"}`);
    const node = asMap(contents(r));
    expect(node.entries).toHaveLength(40);
    expect(node.entries[0]!.value).toEqual({ kind: 'string', value: 'last' });
    expect(node.entries[39]!.value).toEqual({ kind: 'string', value: 'end' });
    expect(r.warnings).toHaveLength(2);
  });

  test('the same key in different objects is not a duplicate', () => {
    const r = strict('[{"a":1},{"a":2}]');
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});

describe('readJson in strict mode (RFC 8259)', () => {
  test('an empty or whitespace-only input is an EMPTY_DOCUMENT error', () => {
    expect(where(strict(''))).toEqual(['EMPTY_DOCUMENT@1:1']);
    expect(where(strict('  \n '))).toEqual(['EMPTY_DOCUMENT@2:2']);
    expect(strict('').document).toBeNull();
  });

  test('every comment is reported, with a message suggesting jsonc, and counted', () => {
    const r = strict('// one\n{"a": /* two */ 1}\n/* three */');
    expect(where(r)).toEqual(['COMMENT_NOT_ALLOWED@1:1', 'COMMENT_NOT_ALLOWED@2:7', 'COMMENT_NOT_ALLOWED@3:1']);
    expect(r.errors[0]!.message).toBe('Comments are not allowed in strict JSON; use type "jsonc" to accept them.');
    expect(r.commentsCount).toBe(3);
    expect(r.document).toBeNull();
  });

  test('trailing commas in arrays and objects are each reported and suggest jsonc', () => {
    const r = strict('{"a": [1, 2,], "b": 3,\n}');
    expect(where(r)).toEqual(['TRAILING_COMMA@1:12', 'TRAILING_COMMA@1:22']);
    expect(r.errors[0]!.message).toContain('use type "jsonc"');
  });

  test('only space, tab, line feed and carriage return are whitespace', () => {
    expect(where(strict('[1,\f2]'))).toEqual(['UNEXPECTED_TOKEN@1:4']);
    expect(where(strict('[1,\v2]'))).toEqual(['UNEXPECTED_TOKEN@1:4']);
    expect(where(strict('\u00a0[]'))).toEqual(['UNEXPECTED_TOKEN@1:1']);
    expect(strict(' \t\r\n[ \t\r\n] \t\r\n').errors).toEqual([]);
  });

  test('unescaped control characters in strings are errors, and reading goes on', () => {
    const r = strict('["a\tb", "c\u0001d", x]');
    expect(where(r)).toEqual(['CONTROL_CHARACTER@1:4', 'CONTROL_CHARACTER@1:11', 'UNEXPECTED_TOKEN@1:16']);
    expect(r.errors[0]!.message).toBe('The control character U+0009 must be escaped inside a string (as \\t).');
  });

  test('a line break inside a string is a CONTROL_CHARACTER error at the break', () => {
    const r = strict('{"a": "one\ntwo"}');
    expect(where(r)).toEqual(['CONTROL_CHARACTER@1:11']);
    expect(r.errors[0]!.message).toContain('line break');
  });

  test('invalid escapes and numbers are reported and reading goes on to the next error', () => {
    const r = strict(String.raw`["\x", "\u12G4", 01, 1., -, .5, +1, 0x1F]`);
    expect(where(r)).toEqual([
      'INVALID_ESCAPE@1:3',
      'INVALID_ESCAPE@1:9',
      'INVALID_NUMBER@1:18',
      'INVALID_NUMBER@1:22',
      'INVALID_NUMBER@1:26',
      'INVALID_NUMBER@1:29',
      'INVALID_NUMBER@1:33',
      'INVALID_NUMBER@1:37',
    ]);
    expect(r.errors.map((e) => e.message)).toEqual([
      'Invalid escape "\\x" in a string; the escapes allowed are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.',
      'Invalid escape "\\u12": "\\u" must be followed by four hexadecimal digits.',
      'Invalid number "01": leading zeros are not allowed.',
      'Invalid number "1.": expected a digit after the decimal point.',
      'Invalid number "-": expected a digit after the minus sign.',
      'Invalid number ".5": a number must start with a digit or "-".',
      'Invalid number "+1": a leading "+" is not allowed.',
      'Invalid number "0x1F": hexadecimal numbers are not allowed in JSON.',
    ]);
  });

  test('a missing comma between elements is reported each time and reading goes on', () => {
    expect(where(strict('[1 2 3]'))).toEqual(['MISSING_COMMA@1:4', 'MISSING_COMMA@1:6']);
    expect(where(strict('{"a": 1\n "b": 2}'))).toEqual(['MISSING_COMMA@2:2']);
    expect(strict('[1 2]').errors[0]!.message).toBe('Expected "," or "]" after an array element but found "2"; a comma is missing.');
  });

  test('a missing colon is reported and the value is still read', () => {
    expect(where(strict('{"a" 1, "b" 2}'))).toEqual(['MISSING_COLON@1:6', 'MISSING_COLON@1:13']);
    expect(where(strict('{"a", 1}'))).toEqual(['MISSING_COLON@1:5']);
  });

  test('an unquoted key is an EXPECTED_KEY error', () => {
    const r = strict('{a: 1, "b": 2, c: 3}');
    expect(where(r)).toEqual(['EXPECTED_KEY@1:2', 'EXPECTED_KEY@1:16']);
    expect(r.errors[0]!.message).toBe('Expected a key in double quotes but found "a"; object keys must be strings in double quotes.');
    expect(where(strict('{,}'))).toEqual(['EXPECTED_KEY@1:2']);
  });

  test('misspelt literals are reported with a hint', () => {
    const r = strict('[True, nul, NaN, undefined]');
    expect(where(r)).toEqual(['UNEXPECTED_TOKEN@1:2', 'UNEXPECTED_TOKEN@1:8', 'UNEXPECTED_TOKEN@1:13', 'UNEXPECTED_TOKEN@1:18']);
    expect(r.errors.map((e) => e.message)).toEqual([
      'Expected a value but found "True"; JSON writes it in lowercase: true.',
      'Expected a value but found "nul"; did you mean null?',
      'Expected a value but found "NaN"; Infinity and NaN are not JSON values.',
      'Expected a value but found "undefined"; JSON has null for a missing value.',
    ]);
  });

  test('the end of the input inside a value is UNEXPECTED_END at the end', () => {
    const r = strict('{"a": [1, 2');
    expect(where(r)).toEqual(['UNEXPECTED_END@1:12']);
    expect(r.errors[0]!.message).toBe('Expected "," or "]" after an array element but found the end of the input.');
    expect(where(strict('{"a":'))).toEqual(['UNEXPECTED_END@1:6']);
    expect(where(strict('['))).toEqual(['UNEXPECTED_END@1:2']);
  });

  test('an unterminated string is reported at its opening quote', () => {
    const r = strict('[\n  "abc');
    expect(where(r)).toEqual(['UNTERMINATED_STRING@2:3']);
    expect(r.errors[0]!.message).toContain('not closed');
  });

  test('content after the value is TRAILING_CONTENT', () => {
    expect(where(strict('{} {}'))).toEqual(['TRAILING_CONTENT@1:4']);
    expect(where(strict('1 2'))).toEqual(['TRAILING_CONTENT@1:3']);
    expect(where(strict('[]]'))).toEqual(['TRAILING_CONTENT@1:3']);
  });

  test('a mismatched closing bracket is an UNEXPECTED_TOKEN error', () => {
    const r = strict('[1}');
    expect(where(r)).toEqual(['UNEXPECTED_TOKEN@1:3']);
    expect(r.errors[0]!.message).toBe('Expected "," or "]" after an array element but found "}".');
  });

  test('a single-quoted string is refused with a hint', () => {
    const r = strict("['a']");
    expect(where(r)).toEqual(['UNEXPECTED_TOKEN@1:2']);
    expect(r.errors[0]!.message).toBe(`Expected a value but found "'a'"; JSON strings must be in double quotes.`);
  });

  test('lines break at \\n, \\r\\n and a lone \\r', () => {
    expect(where(strict('[\n1,\r\n2,\r3,\n  x]'))).toEqual(['UNEXPECTED_TOKEN@5:3']);
    expect(where(strict('[\r\n\r\n x]'))).toEqual(['UNEXPECTED_TOKEN@3:2']);
  });

  test('columns count UTF-16 code units', () => {
    expect(where(strict('["😀", x]'))).toEqual(['UNEXPECTED_TOKEN@1:8']);
  });

  test(`at most ${MAX_ERRORS} errors are reported`, () => {
    const r = strict('[' + Array.from({ length: 150 }, () => '01').join(',') + ']');
    expect(r.errors).toHaveLength(MAX_ERRORS);
    expect(r.errors.every((e) => e.code === 'INVALID_NUMBER')).toBe(true);
  });

  test('errors come in source order', () => {
    const r = strict('/* a */ ["x\ty", 01, [1,],] // b');
    expect(where(r)).toEqual([
      'COMMENT_NOT_ALLOWED@1:1',
      'CONTROL_CHARACTER@1:12',
      'INVALID_NUMBER@1:17',
      'TRAILING_COMMA@1:23',
      'TRAILING_COMMA@1:25',
      'COMMENT_NOT_ALLOWED@1:28',
    ]);
  });

  test('every n_-style error leaves document null', () => {
    for (const text of ['[1,]', '{"a":1', '[01]', '"\\x"', '// c\n1']) {
      const r = strict(text);
      expect(r.errors.length).toBeGreaterThan(0);
      expect(r.document).toBeNull();
    }
  });
});

describe('readJson in JSONC mode (strict: false)', () => {
  test('accepts line and block comments and trailing commas', () => {
    const r = jsonc('// head\n{"a": [1, 2,], /* mid */ "b": {"c": 3,},}\n');
    expect(r.errors).toEqual([]);
    expect(keysOf(contents(r))).toEqual(['a', 'b']);
    expect(r.commentsCount).toBe(2);
  });

  test('an empty or comment-only input is a null document without errors', () => {
    for (const text of ['', '  \n', '// only a comment\n/* and another */']) {
      const r = jsonc(text);
      expect(r.errors).toEqual([]);
      expect(r.document).toEqual({ contents: null });
    }
    expect(jsonc('// a\n/* b */').commentsCount).toBe(2);
  });

  test('relaxes nothing else: quotes, bare keys, NaN, hex, plus signs, doubled commas', () => {
    for (const text of ["['a']", '{a: 1}', '[NaN]', '[Infinity]', '[0x10]', '[+1]', '[1,,2]', '[,]', '{,}', '[.5]']) {
      expect(jsonc(text).errors.length, text).toBeGreaterThan(0);
    }
  });

  test('an unclosed block comment is UNTERMINATED_COMMENT at its start', () => {
    const r = jsonc('[1] /* never\nclosed');
    expect(where(r)).toEqual(['UNTERMINATED_COMMENT@1:5']);
  });

  test('a lone slash is not a comment', () => {
    expect(where(jsonc('[1, / 2]'))).toEqual(['UNEXPECTED_TOKEN@1:5']);
  });

  test('without comments: true no comment is attached', () => {
    const r = jsonc('// a\n[1 // b\n]');
    expect(r.document).toEqual({ contents: { kind: 'seq', items: [{ kind: 'number', text: '1' }] } });
  });
});

describe('readJson with comments: true', () => {
  test('attaches comments before, after and at the end of collections', () => {
    const text = [
      '// file header',
      '{',
      '  // about a',
      '  "a": 1, // a is one',
      '  "b": [ // the b list',
      '    // first',
      '    true,',
      '    false // last',
      '    // end of b',
      '  ],',
      '  "c": {',
      '    /* nothing here */',
      '  }',
      '  // end of object',
      '}',
      '// file footer',
    ].join('\n');
    const r = withComments(text);
    expect(r.errors).toEqual([]);
    expect(r.commentsCount).toBe(10);
    const root = asMap(r.document!.contents!);
    expect(r.document!.comments).toEqual({ before: [' file header'], after: [' file footer'] });
    expect(root.endComments).toEqual([' end of object']);
    const [a, b, c] = root.entries.map((e) => e.value);
    expect(a!.comments).toEqual({ before: [' about a'], trailing: ' a is one' });
    expect(b!.comments).toEqual({ trailing: ' the b list' });
    expect(asSeq(b).items[0]!.comments).toEqual({ before: [' first'] });
    expect(asSeq(b).items[1]!.comments).toEqual({ trailing: ' last' });
    expect(asSeq(b).endComments).toEqual([' end of b']);
    expect(c!.comments).toBeUndefined();
    expect(asMap(c).endComments).toEqual([' nothing here']);
  });

  test('a comment right after a closing bracket goes before what follows', () => {
    const r = withComments('[\n  [1], // after the inner array\n  2\n]');
    const items = asSeq(r.document!.contents!).items;
    expect(items[0]!.comments).toBeUndefined();
    expect(items[1]!.comments).toEqual({ before: [' after the inner array'] });
  });

  test('a multi-line block comment gives one string per line without the * prefix', () => {
    const r = withComments('/*\n * first line\n *   indented\n */\n1');
    expect(r.document!.comments).toEqual({ before: [' first line', '   indented'] });
  });

  test('a block comment without * prefixes loses the common indentation of its lines', () => {
    const r = withComments('/* first\n     second\n       third */\n1');
    expect(r.document!.comments).toEqual({ before: [' first', ' second', '   third'] });
  });

  test('the extra stars of /** text */ belong to the marker', () => {
    expect(withComments('/** doc */ 1').document!.comments).toEqual({ before: [' doc'] });
  });

  test('a line comment keeps its exact text after //; a block comment line one space before its text', () => {
    const r = withComments('//  two spaces  \n//none\n/* block */ 1');
    expect(r.document!.comments).toEqual({ before: ['  two spaces  ', 'none', ' block'] });
  });

  test('comments of an empty JSONC document are kept as document comments', () => {
    expect(withComments('// only\n').document).toEqual({ contents: null, comments: { before: [' only'] } });
  });

  test('a trailing comment of a top-level scalar is its trailing comment', () => {
    expect(withComments('42 // the answer').document).toEqual({
      contents: { kind: 'number', text: '42', comments: { trailing: ' the answer' } },
    });
  });
});

describe('readJson recovery: every independent error, each once', () => {
  // One row per mistake (or set of independent mistakes): exactly the errors a person would fix.
  test.each([
    [
      'the issue\'s example: an empty element, ":" in an array, a misspelt literal',
      '{"a": 1, "b": [1, 2,, "c": tru]}',
      ['UNEXPECTED_TOKEN@1:21', 'UNEXPECTED_TOKEN@1:26', 'UNEXPECTED_TOKEN@1:28'],
    ],
    ['a string not closed on its line, before the next member', '{\n  "name": "abc,\n  "next": 1\n}', ['UNTERMINATED_STRING@2:11']],
    ['a string not closed on its line, before the next element', '["abc,\n "def"]', ['UNTERMINATED_STRING@1:2']],
    ['a string not closed on its line, before the closing brace', '{"a": "x\n}', ['UNTERMINATED_STRING@1:7']],
    ['"=" for ":"', '{"a" = 1}', ['MISSING_COLON@1:6']],
    ['"," for ":"', '{"a", 1}', ['MISSING_COLON@1:5']],
    ['a key with no colon and no value', '{"a", "b": 1}', ['MISSING_COLON@1:5']],
    ['a missing key', '{: 1, "b": 2}', ['EXPECTED_KEY@1:2']],
    ['a missing value', '{"a": , "b": 2}', ['UNEXPECTED_TOKEN@1:7']],
    ['a missing value before the closing brace', '{"a": }', ['UNEXPECTED_TOKEN@1:7']],
    ['a doubled comma in an object', '{"a": 1,, "b": 2}', ['EXPECTED_KEY@1:9']],
    ['stray characters after a value', '{"a": 1 @@ , "b": 2}', ['UNEXPECTED_TOKEN@1:9']],
    ['stray characters where a value should be', '[1, @@, 2]', ['UNEXPECTED_TOKEN@1:5']],
    ['a ":" where a value should be', '[1, :]', ['UNEXPECTED_TOKEN@1:5']],
    ['a second value for one key', '{"a": "x" "y"}', ['UNEXPECTED_TOKEN@1:11']],
    ['"]" typed for "}", twice', '[{"a": 1], 2, {"b": 3]', ['UNEXPECTED_TOKEN@1:9', 'UNEXPECTED_TOKEN@1:22']],
    ['"}" typed for "]"', '{"a": [1, 2}, "b": 3}', ['UNEXPECTED_TOKEN@1:12']],
    ['an array never closed, at the end', '{"a": {"b": [1, 2}}', ['UNEXPECTED_TOKEN@1:18']],
    ['a closing bracket with nothing to close where a value should be', '{"a": ]}', ['UNEXPECTED_TOKEN@1:7']],
    ['single quotes, each string once', `{'a': 'x', "b": 'y'}`, ['EXPECTED_KEY@1:2', 'UNEXPECTED_TOKEN@1:7', 'UNEXPECTED_TOKEN@1:17']],
    [
      'independent mistakes on separate lines of a list',
      '[\n  {"id": 1, "name": "a"},\n  {"id": 2 "name": "b"},\n  {"id": 3, "name": "c",},\n  {"id": 4, name: "d"}\n]',
      ['MISSING_COMMA@3:12', 'TRAILING_COMMA@4:24', 'EXPECTED_KEY@5:13'],
    ],
    ['a missing colon, then a missing comma, far apart', '{"a" 1, "b": 2, "c": 3 "d": 4}', ['MISSING_COLON@1:6', 'MISSING_COMMA@1:24']],
  ])('%s', (_name, text, expected) => {
    expect(where(strict(text))).toEqual(expected);
  });

  test('a line break inside a string that closes on a later line stays one CONTROL_CHARACTER error', () => {
    expect(where(strict('{"a": "one\ntwo", "b": 1}'))).toEqual(['CONTROL_CHARACTER@1:11']);
  });

  test("the issue's example names what was expected each time", () => {
    expect(strict('{"a": 1, "b": [1, 2,, "c": tru]}').errors.map((e) => e.message)).toEqual([
      'Expected a value but found ",".',
      'Expected "," or "]" after an array element but found ":".',
      'Expected a value but found "tru"; did you mean true?',
    ]);
  });

  // Recovery skips or closes something at each error, so the work is linear in the input: these
  // inputs (megabytes of the worst shapes found) end with at most MAX_ERRORS errors; a quadratic
  // recovery would not finish within the test's timeout (a safety net, not a measure).
  const bad = ['[', ']', '{', '}', ',', ':', '"a"', '"', "'", '1', '01', 'tru', 'x', '@', ' ', '\n', '/*', '//', '\\', '-', '"b\n'];
  test.each([
    ['arrays opened, closed by braces', '['.repeat(300_000) + '}'.repeat(300_000)],
    ['objects opened, closed by brackets', '{"a":'.repeat(200_000) + ']'.repeat(200_000)],
    ['colons in an array', `[${':'.repeat(1_000_000)}`],
    ['commas in an object', `{${','.repeat(1_000_000)}`],
    ['junk in an array', `[${'@'.repeat(1_000_000)}`],
    ['closers after a value', `[1${'}'.repeat(1_000_000)}`],
    ['strings not closed on their lines', '{"a": "x\n'.repeat(200_000)],
    ['bad tokens at random', Array.from({ length: 300_000 }, (_, i) => bad[(i * 7919 + ((i * i) % 13)) % bad.length]).join('')],
  ])('%s: ends, with at most MAX_ERRORS errors', (_name, text) => {
    for (const strictMode of [true, false]) {
      const r = readJson(text, { strict: strictMode, comments: !strictMode });
      expect(r.errors.length).toBeGreaterThan(0);
      expect(r.errors.length).toBeLessThanOrEqual(MAX_ERRORS);
    }
  });

  test('short inputs of bad tokens: positions valid, in order, never two errors about the structure at one place', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const structural = new Set(['UNEXPECTED_TOKEN', 'MISSING_COMMA', 'MISSING_COLON', 'EXPECTED_KEY', 'UNEXPECTED_END', 'TRAILING_CONTENT']);
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: next(30) }, () => bad[next(bad.length)]).join('');
      const r = strict(text);
      const places = r.errors.filter((e) => structural.has(e.code)).map((e) => `${e.line}:${e.column}`);
      expect(new Set(places).size, text).toBe(places.length);
      for (const e of r.errors) expect(e.line >= 1 && e.column >= 1, text).toBe(true);
      expect(where(r), text).toEqual(
        [...r.errors].sort((a, b) => a.line - b.line || a.column - b.column).map((e) => `${e.code}@${e.line}:${e.column}`),
      );
    }
  });
});

describe('readJson duplicate keys name both places', () => {
  test('on two lines', () => {
    expect(jsonc('{\n  "name": 1,\n  "x": {"name": 2},\n  "name": 3\n}').warnings).toEqual([
      'Duplicate key "name": first on line 2, again on line 4. The last value is kept.',
    ]);
  });

  test('on one line, by column; after nested values, comments and strings with brackets', () => {
    expect(jsonc('{"a": [1, {"a": 2}], /* "a", */ "b": "}", "a": 3}').warnings).toEqual([
      'Duplicate key "a": first at column 2, again at column 43 of line 1. The last value is kept.',
    ]);
  });

  test('many duplicates in one large object each name the first key', () => {
    const text = `{\n${Array.from({ length: 50 }, (_, i) => `"k${i % 5}": ${i}`).join(',\n')}\n}`;
    const warnings = jsonc(text).warnings;
    expect(warnings).toHaveLength(45);
    expect(warnings[0]).toBe('Duplicate key "k0": first on line 2, again on line 7. The last value is kept.');
    expect(warnings[44]).toBe('Duplicate key "k4": first on line 6, again on line 51. The last value is kept.');
  });
});

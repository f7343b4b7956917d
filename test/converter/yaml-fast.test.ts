/**
 * The fast YAML reader (lib/converter/yaml/fast): what it answers itself (exactly like the
 * reference path) and what it leaves to the reference. Broad coverage is the differential
 * tests' job (test/differential); these pin the constructs one by one.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';
import { Bail, fastReadYamlOrBail, fastYamlToJsonOrBail } from '@/lib/converter/yaml/fast';
import { readYaml } from '@/lib/converter/yaml/read-yaml';
import { checkYamlConversions, checkYamlIr, checkYamlToJson, outcome, reference } from '../differential/compare-yaml';

/** Answered by the fast reader (both paths), identical to the reference. */
function answers(yaml: string): void {
  expect(checkYamlToJson(yaml), `JSON path bailed on ${JSON.stringify(yaml)}`).toBe('fast');
  for (const options of [
    { comments: true, anchors: false, target: 'json' },
    { comments: true, anchors: true, target: 'yaml' },
  ] as const) {
    const r = fastReadYamlOrBail(yaml, options);
    expect(r instanceof Bail ? r.reason : 'fast', `IR path, ${JSON.stringify(options)}: ${JSON.stringify(yaml)}`).toBe('fast');
  }
  checkYamlIr(yaml);
  checkYamlConversions(yaml);
}

/** Left to the reference (which then answers as it always did). */
function leftToReference(yaml: string): void {
  expect(fastYamlToJsonOrBail(yaml), JSON.stringify(yaml)).toBeInstanceOf(Bail);
  const request = { input: yaml, inputType: 'yaml', outputType: 'json' };
  expect(outcome(() => convert(request))).toEqual(reference(request));
}

describe('fast YAML reader: what it answers itself', () => {
  it('block mappings and sequences, compact and indented forms', () => {
    answers('a: 1\nb:\n  c: x\n  d:\n    - 1\n    - two\ne:\n- compact\n- seq\n');
    answers('- a: 1\n  b: 2\n- - nested\n  - seq\n-\n  k: v\n-   spaced: 1\n    more: 2\n');
    answers('   indented: root\n   other: 1\n');
  });

  it('plain, quoted and multi-line scalars', () => {
    answers("a: plain text\nb: \"double \\\" \\\\ \\n \\t \\x41 \\u00e9 \\U0001F600 \\/ \\e\"\nc: 'single '' quote'\nd: a#b\ne: http://x/a?b#c\n");
    answers('folded: first\n  second\n\n  after blank\nlist:\n- one\n  two\nq: "line\n  folded\n\n  kept"\ns: \'a\n  b\'\n');
    answers('k: value with trailing spaces   \nt: tab\tinside\n');
  });

  it('block scalars with every chomping and indentation indicator', () => {
    answers(
      'a: |\n  line\n   more\n\nb: >\n  folded\n  text\n\n   indented\n  back\nc: |-\n  strip\n\n\nd: |+\n  keep\n\n\ne: |2\n    two\nf: >-1\n  x\n',
    );
    answers('- |\n  in a sequence\n- >+\n  kept\n\n- last\n');
    answers('empty: |\nnext: 1\n');
  });

  it('flow collections, on one line or several', () => {
    answers('a: [1, two, "three", {k: v, "q": [x]}]\nb: {}\nc: []\nd: [a, b, ]\n');
    answers('args: [\n  "--config",\n  /etc/app.yaml\n]\nm: {\n  a: 1,\n  b: 2\n}\n');
    answers('{"json": "style", "n": 1.5, "list": [true, null, -2]}\n');
  });

  it('anchors, aliases and merge keys, re-indented where they are reused', () => {
    answers('base: &b\n  x: 1\n  y:\n    z: [1, 2]\nuse:\n  deeper:\n    <<: *b\n    y: override\nlist:\n  - *b\n  - &s scalar\n  - *s\n');
    answers('a: &a {k: 1}\nb: &c {j: 2}\nm:\n  <<: [*a, *c]\n  extra: 3\nn:\n  first: 0\n  <<: *a\n');
    answers('x: &e\ny: *e\n');
  });

  it('an anchor redefined inside the node that first defines it: the later definition wins, as in readYaml', () => {
    // The IR path once gave the outer node to `*x` (its end came after the inner one's): wrong data in YAML -> YAML.
    answers('p: &x {m: &x {a: 1}}\nq: *x\n');
    answers('p: &x\n  m: &x\n    a: 1\nq: *x\nr:\n  <<: *x\n');
    answers('p: &x [1, &x [2]]\nq: *x\n');
    answers('p: &x {m: &x inner}\nq: *x\n');
    for (const options of [{}, { sortKeys: true }, { indent: 4 }]) {
      const output = convert({ input: 'p: &x {m: &x {a: 1}}\nq: *x\n', inputType: 'yaml', outputType: 'yaml', ...options }).output;
      expect(output, JSON.stringify(options)).toContain(options.indent === 4 ? 'q:\n    a: 1\n' : 'q:\n  a: 1\n');
    }
  });

  it('typed scalars, .inf/.nan with their warnings, and non-string keys', () => {
    answers(
      'i: 42\nf: 1.50\nbig: 12345678901234567890\nhex: 0x1F\noct: 0o17\nt: true\nn: ~\ninf: .inf\nnan: .NaN\nd: 2024-01-01\n1: one\ntrue: t\n.inf: key\n',
    );
  });

  it('comments everywhere, documents, CRLF and a byte order mark', () => {
    answers('# head\na: 1 # trailing\n# between\nb:\n  # inside\n  c: 2\n    # deeper\n# end\n');
    answers('---\na: 1\n--- # second\n- x\n---\nplain\n---\n');
    answers('a: 1\r\nb:\r\n  - x\r\n  - |\r\n    text\r\n');
    answers('\ufeff# with a BOM\na: 1\n');
  });

  it('a stream whose first document is long (flushed already) becomes an array after the fact', () => {
    let big = '';
    for (let i = 0; i < 2500; i++) big += `key${i}:\n  value: ${i}\n  list: [a, b]\n`;
    expect(checkYamlToJson(big + '---\nsecond: doc\n')).toBe('fast');
  });
});

describe('fast YAML reader: what it leaves to the reference', () => {
  it('tags, directives, document end markers and explicit keys', () => {
    leftToReference('a: !!str 1\n');
    leftToReference('%YAML 1.1\n---\na: yes\n');
    leftToReference('a: 1\n...\n');
    leftToReference('? complex\n: value\n');
    leftToReference('[a, b]: c\n');
  });

  it('invalid documents, so that the reference reports the errors', () => {
    leftToReference('a: 1\na: 2\n');
    leftToReference('a: b: c\n');
    leftToReference('a:\n  b: 1\n c: 2\n');
    leftToReference('"unclosed\n');
    leftToReference('a:\n\t- tab\n');
    leftToReference('a: *nowhere\n');
    leftToReference('key: [a, b\n');
  });

  it('what the reference warns about or refuses as a limit', () => {
    leftToReference('1: a\n"1": b\n');
    leftToReference('s: &s text\nm:\n  <<: *s\n');
    leftToReference('a: &a [1, *a]\n');
    leftToReference(`a: ${'['.repeat(300)}${']'.repeat(300)}\n`);
    let bomb = 'a: &a [x, x, x, x, x, x, x, x, x]\n';
    for (const n of 'bcdefgh')
      bomb += `${n}: &${n} [${Array(9)
        .fill('*' + String.fromCharCode(n.charCodeAt(0) - 1))
        .join(', ')}]\n`;
    leftToReference(bomb);
  });

  it('the places where the `yaml` parser behaves in ways not reproduced', () => {
    leftToReference('a: 1\n\ufeffb: 2\n');
    leftToReference('\ufeff- &x a\n- b\n');
  });
});

describe('fast YAML reader: results', () => {
  it('counts UTF-8 bytes of the output as it writes it', () => {
    const r = fastYamlToJsonOrBail('name: Łukasz Yılmaz 😀\nlist: [é, 日本語]\n');
    if (r instanceof Bail) throw new Error(r.reason);
    expect(r.outputBytes).toBe(Buffer.byteLength(r.output));
  });

  it('builds the same IR as readYaml, shared subtrees included', () => {
    const yaml = 'a: &x {k: [1, 2]}\nb: *x\n';
    const options = { comments: false, anchors: false, target: 'json' } as const;
    const fast = fastReadYamlOrBail(yaml, options);
    if (fast instanceof Bail) throw new Error(fast.reason);
    const ref = readYaml(yaml, options);
    expect(fast.documents).toEqual(ref.documents);
    const map = fast.documents[0]!.contents as { entries: { value: unknown }[] };
    expect(map.entries[1]!.value).toBe(map.entries[0]!.value);
  });

  it('places comments where the reference does, quirks included', () => {
    // A comment under the last entry of a nested mapping ends the mapping that holds it...
    checkYamlIr('services:\n  a:\n    x: 1\n    # note\n');
    // ...one after `key:` with no value belongs to the innermost mapping...
    checkYamlIr('a:\n  b:\n# top\nc: 1\n');
    // ...and one after a flow collection is that collection's end-of-line comment.
    checkYamlIr('k: [a, b] # c\nz: 1\n');
    const jsonc = convert({ input: 'k: [a, b] # c\n', inputType: 'yaml', outputType: 'json', preserveComments: true }).output;
    expect(jsonc).toBe('{\n  "k": [ // c\n    "a",\n    "b"\n  ]\n}\n');
  });
});

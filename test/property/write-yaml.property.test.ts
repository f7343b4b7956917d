/**
 * Property: any JSON value -> IR -> writeYaml -> read back with a YAML 1.2 reader and a
 * YAML 1.1 reader (`yaml` in both modes, js-yaml with its core and 1.1 schemas) gives the
 * same data: same key order, identical strings, numbers equal by value (integers exactly
 * where the reader has BigInt). See test/helpers/yaml-readback.ts for the comparison and
 * its one named reader exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockScalarStyle, MapEntry, YNode } from '../../lib/converter/types';
import { writeYaml } from '../../lib/converter/yaml/write-yaml';
import { readBackProblems } from '../helpers/yaml-readback';
import { fuzzSeed } from '../helpers/fuzz-seed';

/** Multiplies the run counts for a longer hunt: WRITE_YAML_RUNS=20 npx vitest run test/property/write-yaml */
const SCALE = Number(process.env.WRITE_YAML_RUNS ?? '1') || 1;

const TRICKY_STRINGS = [
  'yes',
  'Yes',
  'YES',
  'No',
  'no',
  'ON',
  'on',
  'Off',
  'off',
  'y',
  'Y',
  'n',
  'N',
  'true',
  'False',
  'TRUE',
  '~',
  'null',
  'Null',
  'NULL',
  'True',
  '1.0',
  '0x1F',
  '0o17',
  '0b101',
  '017',
  '0',
  '-0',
  '+1',
  '1e3',
  '1E3',
  '1_000',
  '1_000.5',
  '.5',
  '-.5',
  '+.5',
  '.',
  '..',
  '-.',
  '1.',
  '1:20',
  '-1:20',
  '190:20:30.15',
  '1:20.5',
  'e1',
  'E0',
  '-e5',
  '+E+3',
  'e_1',
  'e',
  'e1x',
  'E-',
  '.e1',
  '.inf',
  '-.Inf',
  '+.INF',
  '.NaN',
  '.nan',
  '.infinity',
  'Infinity',
  'NaN',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '2002-12-14T21:59:43Z',
  '-',
  '--',
  '---',
  '--- a',
  '...',
  '... a',
  '...a',
  '- a',
  '-a',
  '--verbose',
  '-x y',
  '? x',
  '?x',
  '?',
  ': x',
  ':x',
  ':',
  'a: b',
  'a:b',
  'a:',
  'a #b',
  'a#b',
  '#x',
  '#',
  '&a',
  '*a',
  '!a',
  '!',
  '%a',
  '%YAML 1.2',
  '@a',
  '`a',
  "'",
  '"',
  "'a'",
  '"a"',
  '[x',
  'x]',
  '{x',
  'x}',
  '[]',
  '{}',
  ',',
  ',a',
  'a,b',
  '|',
  '|a',
  '>',
  '>a',
  '<<',
  '=',
  '<',
  '==',
  '',
  ' ',
  '  ',
  ' a',
  'a ',
  '\u00a0a',
  'a\u00a0',
  '\u3000',
  'a\u2003',
  'a\nb',
  '\n',
  '\n\n',
  'a\n',
  'a\n\n',
  'a\n\n\n',
  '\na',
  '\n\na\n',
  ' a\nb',
  '  \n x',
  'x\n ',
  'x\n \ny',
  'x\n\t\ny',
  '\tx\ny',
  'x\n\ty',
  'a\n#b',
  'a\n---\nb',
  'a\n...\n',
  'a\n- b',
  'a \nb',
  '\t',
  'a\tb',
  'a\t',
  '\ta',
  'a\t#b',
  '\r',
  '\r\n',
  'a\rb',
  'a\r\nb\r\n',
  '\u0085',
  'a\u0085b',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufeffa',
  'a\ufeff',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u009f',
  '\ufffe',
  '\uffff',
  'é',
  '😀',
  'a😀b',
  '\ud800',
  '\udc00',
  'a\ud800b',
  '\udc00\ud800',
  '\ud83d\ude00',
  'a\\b',
  'a"b',
  "a'b",
  'http://x',
  'https://example.com/a?b=c#d',
  'nginx:1.25',
  '/usr/bin/env',
  'C:\\x',
  'key=value',
  'a b c',
  'a\u00a0#b',
  'a:\u00a0b',
  'a\u3000#b',
  '\u00a0',
  '-\u00a0',
  '?\u00a0',
  'a\u200bb',
  '\u200b',
  'x'.repeat(1030),
  ' '.repeat(3) + 'x'.repeat(1100),
];

const TRICKY_CHARS = [
  'a',
  'b',
  '0',
  '1',
  '.',
  'e',
  'x',
  ' ',
  ' ',
  '\n',
  '\n',
  '\t',
  '#',
  ':',
  '-',
  '?',
  '"',
  "'",
  '\\',
  '|',
  '>',
  '~',
  '\r',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\u00a0',
  'é',
  '😀',
  '[',
  '{',
  ',',
  '&',
  '*',
  '!',
  '%',
];

const NUMBER_TEXTS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.10',
  '1e400',
  '-1e400',
  '1e-400',
  '1E-7',
  '123.456e+78',
  '1e3',
  '2E-5',
  '1.5e10',
  '0e0',
  '-0.0',
  '12345678901234567890',
  '-12345678901234567890',
  '9007199254740993',
  '1.7976931348623157e308',
  '5e-324',
  '3.14159265358979323846264338327950288',
  '100000000000000000000000000000000000000001',
];

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), maxLength: 8 }) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...TRICKY_STRINGS), fc.constantFrom(...TRICKY_STRINGS, ' ', '\n', '')).map(([a, b]) => a + b),
  },
  // Raw UTF-16 code units: lone surrogates, controls, anything.
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((u) => String.fromCharCode(...u)) },
);

const keyArb: fc.Arbitrary<string> = fc.oneof(
  stringArb,
  fc.nat({ max: 1000 }).map(String),
  fc.constantFrom('b', '2', '1', '10', '01', 'a', 'id', 'name', '__proto__', 'constructor', 'toString'),
);

const numberArb: fc.Arbitrary<string> = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.constantFrom(...NUMBER_TEXTS),
);

const leafArb: fc.Arbitrary<YNode> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<YNode>({ kind: 'null' }) },
  { weight: 1, arbitrary: fc.boolean().map((value): YNode => ({ kind: 'bool', value })) },
  { weight: 3, arbitrary: numberArb.map((text): YNode => ({ kind: 'number', text })) },
  { weight: 6, arbitrary: stringArb.map((value): YNode => ({ kind: 'string', value })) },
);

const { value: valueArb } = fc.letrec<{ value: YNode }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.array(tie('value'), { maxLength: 5 }).map((items): YNode => ({ kind: 'seq', items })),
    fc.uniqueArray(fc.tuple(keyArb, tie('value')), { selector: (t) => t[0], maxLength: 5 }).map(
      (pairs): YNode => ({
        kind: 'map',
        entries: pairs.map(([k, v]): MapEntry => ({ key: { kind: 'string', value: k }, value: v })),
      }),
    ),
  ),
}));

function check(docs: Array<YNode | null>, comments = false): void {
  const text = writeYaml(
    docs.map((contents) => ({ contents })),
    { comments },
  );
  expect(text.endsWith('\n') && !text.endsWith('\n\n'), `exactly one final newline:\n${text}`).toBe(true);
  const problems = readBackProblems(text, docs);
  expect(problems, `YAML written:\n${text}`).toEqual([]);
}

describe('writeYaml reads back as the same data (YAML 1.2 and 1.1 readers)', () => {
  it('every tricky string as a value and as a key', () => {
    for (const s of TRICKY_STRINGS) {
      check([{ kind: 'string', value: s }]);
      check([{ kind: 'map', entries: [{ key: { kind: 'string', value: s }, value: { kind: 'string', value: s } }] }]);
      check([
        {
          kind: 'seq',
          items: [
            { kind: 'string', value: s },
            { kind: 'seq', items: [{ kind: 'string', value: s }] },
          ],
        },
      ]);
      check([
        {
          kind: 'map',
          entries: [
            {
              key: { kind: 'string', value: 'k' },
              value: {
                kind: 'seq',
                items: [
                  {
                    kind: 'map',
                    entries: [
                      { key: { kind: 'string', value: s }, value: { kind: 'string', value: s } },
                      { key: { kind: 'string', value: 'z' }, value: { kind: 'null' } },
                    ],
                  },
                ],
              },
            },
            { key: { kind: 'string', value: 'after' }, value: { kind: 'number', text: '1' } },
          ],
        },
      ]);
    }
  });

  it('every listed number text', () => {
    for (const text of NUMBER_TEXTS) {
      check([{ kind: 'number', text }]);
      check([{ kind: 'seq', items: [{ kind: 'number', text }] }]);
    }
  });

  it('any string (as value and key)', () => {
    fc.assert(
      fc.property(stringArb, keyArb, (s, k) => {
        check([
          {
            kind: 'map',
            entries: [
              { key: { kind: 'string', value: k }, value: { kind: 'string', value: s } },
              { key: { kind: 'string', value: k + '.' }, value: { kind: 'seq', items: [{ kind: 'string', value: s }] } },
            ],
          },
        ]);
      }),
      { numRuns: 1500 * SCALE, seed: fuzzSeed(146) },
    );
  });

  it('any JSON value', () => {
    fc.assert(
      fc.property(valueArb, (v) => {
        check([v]);
      }),
      { numRuns: 1500 * SCALE, seed: fuzzSeed(147) },
    );
  });

  it('any JSON value, with the styles preserveComments keeps (flow collections, block scalars) marked anywhere', () => {
    // The writer keeps a mark only where the value allows it; wherever it does, the data must read back the same.
    const styles: BlockScalarStyle[] = ['|', '|-', '|+', '>', '>-', '>+'];
    const marked = (node: YNode, pick: () => number): YNode => {
      if (node.kind === 'string') return pick() % 3 === 0 ? node : { ...node, block: styles[pick() % styles.length]! };
      if (node.kind === 'seq') {
        const items = node.items.map((item) => marked(item, pick));
        return pick() % 2 === 0 ? { ...node, items, flow: true } : { ...node, items };
      }
      if (node.kind === 'map') {
        const entries = node.entries.map((e) => ({ key: e.key, value: marked(e.value, pick) }));
        return pick() % 2 === 0 ? { ...node, entries, flow: true } : { ...node, entries };
      }
      return node;
    };
    fc.assert(
      fc.property(
        fc.array(fc.option(valueArb, { nil: null }), { minLength: 1, maxLength: 2 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        (docs, choices) => {
          let i = 0;
          const pick = () => choices[i++ % choices.length]!;
          check(
            docs.map((d) => (d === null ? null : marked(d, pick))),
            true,
          );
        },
      ),
      { numRuns: 1500 * SCALE, seed: fuzzSeed(148) },
    );
  });

  it('several documents', () => {
    fc.assert(
      fc.property(fc.array(fc.option(valueArb, { nil: null }), { minLength: 1, maxLength: 3 }), (docs) => {
        check(docs);
      }),
      { numRuns: 300 * SCALE, seed: fuzzSeed(148) },
    );
  });
});

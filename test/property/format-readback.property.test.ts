/**
 * Property: with any formatting options (indent, flowLevel, quoteStyle, lineWidth, sortKeys,
 * portable), writeYaml's output reads back as the same data with YAML 1.2 and 1.1 readers (the
 * `yaml` package in both modes, js-yaml core and 1.1; test/helpers/yaml-readback.ts), or with
 * `portable: false` with the `yaml` package's YAML 1.2 reader, and no line is
 * longer than lineWidth unless it has no fold point (one word, a key, a literal or flow line).
 * JSON output with the options parses back to the same value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type FormatOptions } from '../../lib/converter';
import { writeJson } from '../../lib/converter/json/write-json';
import { sortDocumentKeys } from '../../lib/converter/sort-keys';
import type { MapEntry, YNode } from '../../lib/converter/types';
import { writeYaml } from '../../lib/converter/yaml/write-yaml';
import { fuzzSeed } from '../helpers/fuzz-seed';
import { READERS, readBackProblems, YAML_12_READERS } from '../helpers/yaml-readback';

/** Multiplies the run counts for a longer hunt: FORMAT_RUNS=20 npx vitest run test/property/format-readback */
const SCALE = Number(process.env.FORMAT_RUNS ?? '1') || 1;

const WORDS = [
  'a',
  'yes',
  'no',
  'on',
  'null',
  '~',
  'true',
  '1',
  '1.5',
  '0x1F',
  '1e3',
  '2001-12-14',
  '-',
  '- x',
  '#',
  'a#b',
  ':',
  'a:b',
  '?',
  '&x',
  '*x',
  '!t',
];
const WORDS_MORE = [
  '|',
  '>',
  "'",
  '"',
  "it's",
  '\\',
  '[x]',
  '{',
  '}',
  ',',
  '%',
  '@',
  '`',
  'é',
  '😀',
  '\u00a0',
  '\t',
  'x\ty',
  '---',
  '...',
  '<<',
  '=',
];
/** Characters that matter to quoting, folding and flow style. */
const CHARS = [
  'a',
  'b',
  ' ',
  ' ',
  ' ',
  '\n',
  '\t',
  '#',
  ':',
  '-',
  ',',
  '[',
  ']',
  '{',
  '}',
  "'",
  '"',
  '\\',
  '\u0007',
  '\u0085',
  '\u2028',
  '\ufeff',
  'é',
  '😀',
  '\ud800',
  '0',
  '.',
];

/** Strings made of words and spaces, often longer than the line: what folding must keep. */
const sentenceArb = fc
  .array(fc.constantFrom(...WORDS, ...WORDS_MORE, 'lorem', 'ipsum', 'dolor', '', ' '), { minLength: 1, maxLength: 24 })
  .map((w) => w.join(' '));

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: sentenceArb },
  { weight: 2, arbitrary: fc.constantFrom(...WORDS, ...WORDS_MORE, '', ' a', 'a ', 'a\nb', 'a\n\n', '\n') },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const leafArb: fc.Arbitrary<YNode> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<YNode>({ kind: 'null' }) },
  { weight: 1, arbitrary: fc.boolean().map((value): YNode => ({ kind: 'bool', value })) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e3', '12345678901234567890').map((text): YNode => ({ kind: 'number', text })) },
  { weight: 6, arbitrary: stringArb.map((value): YNode => ({ kind: 'string', value })) },
);

const { value: valueArb } = fc.letrec<{ value: YNode }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafArb,
    fc.array(tie('value'), { maxLength: 5 }).map((items): YNode => ({ kind: 'seq', items })),
    fc
      .uniqueArray(fc.tuple(stringArb, tie('value')), { selector: (t) => t[0], maxLength: 5 })
      .map((pairs): YNode => ({ kind: 'map', entries: pairs.map(([k, v]): MapEntry => ({ key: { kind: 'string', value: k }, value: v })) })),
  ),
}));

const formatArb: fc.Arbitrary<FormatOptions> = fc.record({
  indent: fc.constantFrom(2 as const, 4 as const),
  sortKeys: fc.boolean(),
  jsonStyle: fc.constantFrom('pretty' as const, 'compact' as const),
  flowLevel: fc.option(fc.nat({ max: 3 }), { nil: null }),
  quoteStyle: fc.constantFrom('plain' as const, 'single' as const, 'double' as const),
  lineWidth: fc.option(fc.integer({ min: 20, max: 60 }), { nil: null }),
  portable: fc.boolean(),
});

/** The readers an output must satisfy: YAML 1.1 and 1.2 ones, or with `portable: false` YAML 1.2's. */
const readersFor = (format: { portable: boolean }) => (format.portable ? READERS : YAML_12_READERS);

/** Lines longer than `width` that have a fold point (a space between two word characters) within it. */
function overlongFoldable(text: string, width: number): string[] {
  return text.split('\n').filter((line) => {
    if (line.length <= width) return false;
    for (let i = 1; i <= width && i < line.length - 1; i++) {
      if (line[i] === ' ' && isWordChar(line.charCodeAt(i - 1)) && isWordChar(line.charCodeAt(i + 1))) return true;
    }
    return false;
  });
}

/** As the writer's fold rule: an ASCII letter or digit, or a non-ASCII character that is not white space. */
function isWordChar(c: number): boolean {
  if (c < 0x80) return /[0-9A-Za-z]/.test(String.fromCharCode(c));
  return !/\s/.test(String.fromCharCode(c)) && c !== 0xfeff;
}

/** JSON text without the white space between tokens. */
function minify(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|\s+/g, (m) => (m.startsWith('"') ? m : ''));
}

describe('formatted YAML reads back as the same data (YAML 1.2 and 1.1 readers)', () => {
  it('any document with any options', () => {
    fc.assert(
      fc.property(valueArb, formatArb, (node, format) => {
        const [document] = format.sortKeys ? sortDocumentKeys([{ contents: node }]) : [{ contents: node }];
        const text = writeYaml([document!], { comments: false, format });
        expect(readBackProblems(text, [document!.contents], readersFor(format)), `options ${JSON.stringify(format)}, YAML written:\n${text}`).toEqual(
          [],
        );
      }),
      { numRuns: 400 * SCALE, seed: fuzzSeed(1212) },
    );
  });

  it('long sentences fold under every quote style and read back; no foldable line is left too long', () => {
    fc.assert(
      fc.property(fc.array(sentenceArb, { minLength: 1, maxLength: 4 }), formatArb, (sentences, format) => {
        const node: YNode = {
          kind: 'map',
          entries: sentences.map(
            (s, i): MapEntry => ({
              key: { kind: 'string', value: `k${i}` },
              value: i % 2 === 0 ? { kind: 'string', value: s } : { kind: 'seq', items: [{ kind: 'string', value: s }] },
            }),
          ),
        };
        const options = { ...format, flowLevel: null, lineWidth: format.lineWidth ?? 24 };
        const text = writeYaml([{ contents: node }], { comments: false, format: options });
        expect(readBackProblems(text, [node], readersFor(options)), `options ${JSON.stringify(options)}, YAML written:\n${text}`).toEqual([]);
        expect(overlongFoldable(text, options.lineWidth), text).toEqual([]);
      }),
      { numRuns: 300 * SCALE, seed: fuzzSeed(2121) },
    );
  });
});

describe('formatted JSON parses back as the same value', () => {
  it('any JSON document, any indent, style and sortKeys', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), formatArb, (value, format) => {
        const input = JSON.stringify(value);
        const result = convert({
          input,
          inputType: 'json',
          outputType: 'json',
          ...format,
          flowLevel: undefined,
          lineWidth: undefined,
          quoteStyle: undefined,
        });
        expect(JSON.parse(result.output)).toStrictEqual(JSON.parse(input));
        if (format.jsonStyle === 'compact') {
          const pretty = convert({ input, inputType: 'json', outputType: 'json', sortKeys: format.sortKeys });
          expect(result.output).toBe(`${minify(pretty.output)}\n`);
        }
        const yaml = convert({ input, inputType: 'json', outputType: 'yaml', ...format, jsonStyle: undefined });
        const back = convert({ input: yaml.output, inputType: 'yaml', outputType: 'json' });
        expect(JSON.parse(back.output)).toStrictEqual(JSON.parse(input));
      }),
      { numRuns: 300 * SCALE, seed: fuzzSeed(3434) },
    );
  });

  it('writeJson with indent 4 is JSON.stringify with four spaces (no integer-like keys reordered)', () => {
    const value = { b: [1, { c: 'x' }], a: {}, d: [] };
    expect(writeJson([{ contents: null }], { comments: false, indent: 4 })).toBe('null\n');
    expect(convert({ input: JSON.stringify(value), inputType: 'json', outputType: 'json', indent: 4 }).output).toBe(
      `${JSON.stringify(value, null, 4)}\n`,
    );
  });
});

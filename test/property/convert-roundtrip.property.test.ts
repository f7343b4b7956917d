/**
 * Property: any JSON document -> YAML -> JSON comes back as the same data, with the same key
 * order and the exact value of every number, through the public `convert`; and the YAML
 * we write means the same data to a YAML 1.1 reader (our reader under `%YAML 1.1`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';
import { readJson } from '@/lib/converter/json/read-json';
import type { YNode } from '@/lib/converter/types';
import { fuzzSeed } from '../helpers/fuzz-seed';
import { jsonNumberText } from '../helpers/json-number-text';

const TRICKY = [
  'yes',
  'No',
  'ON',
  'off',
  'y',
  'n',
  'Y',
  '~',
  'null',
  'Null',
  'true',
  'False',
  '1.0',
  '0x1F',
  '0o17',
  '0b101',
  '1e3',
  '+1',
  '-1',
  '.5',
  '1_000',
  '1:20',
  '190:20:30.15',
  '2001-12-14',
  '2001-12-14 21:59:43.10 -5',
  '.inf',
  '-.Inf',
  '.NaN',
  '',
  ' ',
  ' a',
  'a ',
  'a: b',
  'a #b',
  '#x',
  '- a',
  '-',
  '? x',
  ': x',
  '&a',
  '*a',
  '!a',
  '%a',
  '@a',
  '`a',
  "'",
  '"',
  '[x',
  '{x',
  '---',
  '...',
  '<<',
  '=',
  'a\nb',
  '\n',
  '\n\n',
  '  \n x',
  'x\n ',
  'x\n\n',
  '\t',
  'a\tb',
  '\r\n',
  'a\rb',
  '\u0085',
  '\u2028',
  '\ufeff',
  'é',
  '😀',
  '\ud800',
  'key:',
  'http://x.y/z?a=1#f',
  'nginx:1.25',
  '0',
  '00',
  '-0',
  '1.',
  '1e',
  'NaN',
  'Infinity',
];

/** A JSON number as text, with digits JavaScript numbers cannot hold. */
const numberText = jsonNumberText(26, 3);

const str = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...TRICKY), { maxLength: 4 }).map((a) => a.join('\n')) },
);

const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant('null'),
    fc.boolean().map(String),
    numberText,
    str.map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc
      .uniqueArray(fc.tuple(fc.oneof(str, fc.stringMatching(/^[0-9]{1,3}$/)), tie('value')), {
        maxLength: 5,
        selector: ([k]) => k,
      })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value;

/** Exact value of a JSON number: sign, significant digits, and power of ten. */
function exactNumber(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) throw new Error(`not a JSON number: ${text}`);
  let digits = (m[2]! + (m[3] ?? '')).replace(/^0+/, '');
  let exp = BigInt(m[4] ?? '0') - BigInt((m[3] ?? '').length);
  if (digits === '') return '0';
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exp += 1n;
  }
  return `${m[1]}${digits}e${exp}`;
}

/** The data of a document: key order kept, numbers by exact value. */
function data(node: YNode | null): unknown {
  if (!node) return null;
  switch (node.kind) {
    case 'null':
      return null;
    case 'bool':
      return node.value;
    case 'string':
      return { s: node.value };
    case 'number':
      return { n: exactNumber(node.text) };
    case 'seq':
      return node.items.map(data);
    case 'map':
      return node.entries.map((e) => [data(e.key), data(e.value)]);
    default:
      throw new Error(`unexpected ${node.kind}`);
  }
}

function jsonData(text: string): unknown {
  const r = readJson(text, { strict: true, comments: false });
  expect(r.errors).toEqual([]);
  return data(r.document!.contents);
}

describe('JSON -> YAML -> JSON through convert', () => {
  it('gives back the same data, key order and exact numbers included', () => {
    fc.assert(
      fc.property(jsonText, (json) => {
        const yaml = convert({ input: json, inputType: 'json', outputType: 'yaml' }).output;
        const back = convert({ input: yaml, inputType: 'yaml', outputType: 'json' }).output;
        expect(jsonData(back)).toEqual(jsonData(json));
      }),
      { numRuns: 1500, seed: fuzzSeed(104) },
    );
  });

  it('writes YAML that a YAML 1.1 reader reads as the same data', () => {
    fc.assert(
      fc.property(jsonText, (json) => {
        const yaml = convert({ input: json, inputType: 'json', outputType: 'yaml' }).output;
        const back = convert({ input: `%YAML 1.1\n---\n${yaml}`, inputType: 'yaml', outputType: 'json' }).output;
        expect(jsonData(back)).toEqual(jsonData(json));
      }),
      { numRuns: 1500, seed: fuzzSeed(115) },
    );
  });

  it('keeps JSON -> JSON byte-identical to the pretty-printed source data', () => {
    fc.assert(
      fc.property(jsonText, (json) => {
        const once = convert({ input: json, inputType: 'json', outputType: 'json' }).output;
        const twice = convert({ input: once, inputType: 'json', outputType: 'json' }).output;
        expect(twice).toBe(once);
        expect(jsonData(once)).toEqual(jsonData(json));
      }),
      { numRuns: 500, seed: fuzzSeed(127) },
    );
  });
});

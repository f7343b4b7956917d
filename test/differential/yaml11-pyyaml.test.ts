/**
 * Our YAML 1.1 scalar typing (resolvePlain(s, '1.1')) against PyYAML itself, the reference 1.1
 * reader: its resolver (yaml.SafeLoader.resolve) and constructor for a plain scalar, on the
 * table's scalars and on thousands of generated number-, bool- and null-like ones. Needs
 * python3 with PyYAML (`pip install pyyaml`); without them this file is skipped and says so,
 * and test/converter/yaml-version.test.ts still holds the readings as a table.
 *
 * Deliberate differences, each asserted below: timestamps stay strings (contract), and where
 * PyYAML cannot construct a scalar (`0b_`, `0x_`: no digits; `=`: the value tag) it stays text.
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { YNode } from '@/lib/converter';
import { resolvePlain } from '@/lib/converter/yaml/resolve-scalar';
import { fuzzSeed } from '../helpers/fuzz-seed';

/** PyYAML's reading of each scalar, as [kind, text]: int and float values as Python's str/repr. */
const PYTHON = `
import json, sys, datetime, math, yaml
from yaml.nodes import ScalarNode
loader = yaml.SafeLoader('')
out = []
for s in json.load(sys.stdin):
    tag = loader.resolve(ScalarNode, s, (True, False))
    try:
        v = loader.construct_object(ScalarNode(tag, s), deep=True)
    except Exception:
        out.append(['error', tag]); continue
    if v is None: out.append(['null', ''])
    elif isinstance(v, bool): out.append(['bool', 'true' if v else 'false'])
    elif isinstance(v, int): out.append(['int', str(v)])
    elif isinstance(v, float): out.append(['float', repr(v)])
    elif isinstance(v, (datetime.date, datetime.datetime)): out.append(['timestamp', s])
    else: out.append(['str', v])
json.dump(out, sys.stdout)
`;

function pyyamlReadings(scalars: string[]): Array<[string, string]> | null {
  const r = spawnSync('python3', ['-c', PYTHON], { input: JSON.stringify(scalars), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) return null;
  return JSON.parse(r.stdout);
}

const available = pyyamlReadings(['yes']) !== null;

/** Our reading in PyYAML's terms. */
function ours(node: YNode): [string, string] {
  switch (node.kind) {
    case 'null':
      return ['null', ''];
    case 'bool':
      return ['bool', String(node.value)];
    case 'string':
      return ['str', node.value];
    case 'number':
      if (node.special) return ['float', node.text === '.nan' ? 'nan' : node.text === '-.inf' ? '-inf' : 'inf'];
      return /^-?[0-9]+$/.test(node.text) ? ['int', BigInt(node.text).toString()] : ['float', node.text];
    default:
      return ['other', node.kind];
  }
}

/** Python's repr of a float (`inf`, `1e+16`) or our number text, as a double. */
function floatValue(text: string): number {
  return text === 'inf' ? Infinity : text === '-inf' ? -Infinity : text === 'nan' ? NaN : Number(text);
}

function compare(scalars: string[]): number {
  const theirs = pyyamlReadings(scalars)!;
  let typed = 0;
  scalars.forEach((s, i) => {
    const [kind, text] = theirs[i]!;
    const [ourKind, ourText] = ours(resolvePlain(s, '1.1'));
    const where = `scalar ${JSON.stringify(s)}: PyYAML ${kind} ${text}, ours ${ourKind} ${ourText}`;
    if (kind === 'timestamp' || kind === 'error') {
      expect([ourKind, ourText], where).toStrictEqual(['str', s]);
      return;
    }
    if (kind !== 'str') typed++;
    expect(ourKind, where).toBe(kind);
    // Floats: the same double (we keep the source's digits, Python prints the shortest repr).
    if (kind === 'float') expect(floatValue(ourText), where).toBe(floatValue(text));
    else expect(ourText, where).toBe(text);
  });
  return typed;
}

const PIECES = ['0', '1', '5', '7', '9', '59', '60', '_', ':', '.', '-', '+', 'e', 'E', 'e+', 'e-', 'x', 'b', 'o', 'F', 'a'];
const WORDS = [
  'y',
  'Y',
  'n',
  'N',
  'yes',
  'Yes',
  'yES',
  'no',
  'NO',
  'nO',
  'on',
  'On',
  'oN',
  'off',
  'OFF',
  'oFF',
  'true',
  'tRUE',
  'null',
  'nULL',
  '~',
  '.inf',
  '.Inf',
  '.nan',
  '.NaN',
  '=',
  '<<',
];
const numberSoup = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((p) => p.join(''));
/** Near the patterns: sign, a prefix, digits and separators, then a sexagesimal, fraction or exponent tail. */
const numberForm = fc
  .tuple(
    fc.constantFrom('', '-', '+'),
    fc.constantFrom('', '0', '0b', '0x', '1', '12', '190', '9_9', '.'),
    fc.array(fc.constantFrom('0', '1', '5', '7', '8', '9', '_', 'a', 'F'), { maxLength: 4 }),
    fc.constantFrom('', '', ':30', ':5', ':60', ':3:04', ':30.5', '.', '.5', '.5_0', '.e+3', 'e+3', 'e3', '.0e-2', '.5E+1', '_'),
  )
  .map(([sign, head, body, tail]) => sign + head + body.join('') + tail);
const numberLike = fc.oneof(numberSoup, numberForm, numberForm);
const wordLike = fc.tuple(fc.constantFrom('', '-', '+'), fc.constantFrom(...WORDS)).map(([sign, w]) => sign + w);

describe.skipIf(!available)('YAML 1.1 scalars against PyYAML (python3 -c "import yaml")', () => {
  it('reads the hand-picked edges as PyYAML does', () => {
    const edges = [
      '0755',
      '0o17',
      '08',
      '0_',
      '00',
      '-0',
      '0b1010',
      '0b_',
      '0x_',
      '0x_1F',
      '-0x1F',
      '1_000',
      '1__0',
      '1:30',
      '1:60',
      '0:30',
      '190:20:30',
      '190:20:30.15',
      '0:30.5',
      '-1:30.5_5',
      '1.',
      '.5',
      '-.5',
      '+.5',
      '1._',
      '1e3',
      '1.0e3',
      '1.0e+3',
      '1e+3',
      '1.5E-3',
      '-0.0',
      '._5',
      '.inf',
      '-.Inf',
      '+.INF',
      '.NaN',
      '-.nan',
      '2001-12-14',
      '=',
      '<<',
      'y',
      'n',
      'Yes',
      'NO',
      'off',
      '~',
      'null',
      '12345678901234567890',
      `9${'0'.repeat(400)}:00.5`,
    ];
    expect(compare(edges)).toBeGreaterThan(30);
  });

  it('reads thousands of generated number-, bool- and null-like scalars as PyYAML does', () => {
    const scalars = fc.sample(fc.oneof(numberLike, numberLike, wordLike), { numRuns: 6000, seed: fuzzSeed(1011) });
    // A test that only met strings would prove nothing: most of these must type as something.
    expect(compare(scalars)).toBeGreaterThan(1000);
  });
});

/**
 * Property: sortKeys with anchors kept (YAML -> YAML, preserveAnchors) never writes an alias before
 * its anchor, and the output reads back as the input's data, whatever order the keys sort into:
 * generated mappings whose values are scalars, anchored collections (nested, some anchors defined
 * twice) and aliases to anchors defined earlier in the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../lib/converter';
import { fuzzSeed } from '../helpers/fuzz-seed';

const KEY = fc.constantFrom('a', 'b', 'c', 'k', 'm', 'x', 'y', 'z', 'p1', 'p2', 'q');
const NAME = fc.constantFrom('x', 'y', 'z', 'base');

type Part = { kind: 'scalar'; text: string } | { kind: 'anchored'; name: string; inner: Part[]; keys: string[] } | { kind: 'alias' };

const part: fc.Arbitrary<Part> = fc.letrec<{ part: Part }>((tie) => ({
  part: fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('scalar' as const), text: fc.constantFrom('1', 'two', 'true', 'null', '3.5') }) },
    { weight: 3, arbitrary: fc.constant({ kind: 'alias' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('anchored' as const),
        name: NAME,
        inner: fc.array(tie('part'), { minLength: 1, maxLength: 3 }),
        keys: fc.uniqueArray(KEY, { minLength: 3, maxLength: 3 }),
      }),
    },
  ),
})).part;

/**
 * Writes the parts as a flow mapping's values. An alias names the anchor defined last whose node
 * has ended (one inside the node it names would be recursive, which YAML refuses), or is a scalar.
 */
function render(parts: Part[], keys: string[], defined: string[], open: string[]): string {
  const items = parts.map((p, i) => `${keys[i % keys.length]}${i >= keys.length ? i : ''}: ${value(p, defined, open)}`);
  return `{${items.join(', ')}}`;
}
function value(p: Part, defined: string[], open: string[] = []): string {
  if (p.kind === 'scalar') return p.text;
  if (p.kind === 'alias') {
    const name = defined.findLast((n) => !open.includes(n));
    return name === undefined ? 'none' : `*${name}`;
  }
  defined.push(p.name);
  return `&${p.name} ${render(p.inner, p.keys, defined, [...open, p.name])}`;
}

describe('sortKeys with anchors kept', () => {
  it('puts every anchor before its aliases, and keeps the data', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), fc.uniqueArray(KEY, { minLength: 8, maxLength: 8 }), (parts, keys) => {
        const defined: string[] = [];
        const input = `${parts.map((p, i) => `${keys[i]}: ${value(p, defined)}`).join('\n')}\n`;
        const expected = convert({ input, inputType: 'yaml', outputType: 'json', sortKeys: true }).output;
        const yaml = convert({ input, inputType: 'yaml', outputType: 'yaml', sortKeys: true, preserveAnchors: true }).output;
        // Read back by the converter (an alias before its anchor is an UNKNOWN_ALIAS error: convert throws).
        expect(convert({ input: yaml, inputType: 'yaml', outputType: 'json' }).output).toBe(expected);
      }),
      { seed: fuzzSeed(20261127), numRuns: 400 },
    );
  });

  it('the case that failed: an alias sorted before its anchor', () => {
    const input = 'b: &x [1]\na: {c: *x}\n';
    const output = convert({ input, inputType: 'yaml', outputType: 'yaml', sortKeys: true, preserveAnchors: true }).output;
    expect(output).toBe('a:\n  c: &x\n    - 1\nb: *x\n');
  });

  it('a name defined twice is made unique where the order would change which node an alias names', () => {
    const input = 'z: &x 1\ny: *x\nm: &x 2\na: *x\n';
    const output = convert({ input, inputType: 'yaml', outputType: 'yaml', sortKeys: true, preserveAnchors: true }).output;
    expect(output).toBe('a: &x_2 2\nm: *x_2\n"y": &x 1\nz: *x\n');
  });

  it("comments stay at their places: the moved definition takes the alias's, the alias left behind the definition's", () => {
    const input = 'z: &b {k: 1} # def\na:\n  <<: *b # merge\n  q: 2\n';
    const output = convert({ input, inputType: 'yaml', outputType: 'yaml', sortKeys: true, preserveAnchors: true, preserveComments: true }).output;
    expect(output).toBe('a:\n  <<: &b {k: 1} # merge\n  q: 2\nz: *b # def\n');
  });
});

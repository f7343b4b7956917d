/**
 * yamlVersion "1.1": the fast reader (JSON text and IR) against the reference path, on the
 * same generated, edited and tricky documents the 1.2 differential tests use. The fast reader
 * types 1.1 scalars itself; it must give exactly the reference's answer or hand over.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDocument } from '@/bench/documents';
import { DOCUMENTS } from '@/bench/corpus-spec';
import { validate } from '@/lib/converter';
import { readYaml } from '@/lib/converter/yaml/read-yaml';
import { IR_OPTIONS, Tally, checkYamlConversions, checkYamlIr, checkYamlToJson } from './compare-yaml';
import { TRICKY_SCALARS, mutated, yamlTextArb } from './yaml-documents';
import { fuzzSeed } from '../helpers/fuzz-seed';

const IR_OPTIONS_11 = IR_OPTIONS.map((o) => ({ ...o, yamlVersion: '1.1' as const }));

/** Scalars whose 1.1 reading differs from 1.2's, or is an edge of PyYAML's patterns. */
const SCALARS_11 = [
  ...TRICKY_SCALARS,
  'Yes',
  'YES',
  'On',
  'ON',
  'Off',
  'OFF',
  'NO',
  'Y',
  'N',
  '0755',
  '0_',
  '07_7',
  '0b1010',
  '-0b1',
  '0b_',
  '0x_1F',
  '-0x1F',
  '0x_',
  '1_000',
  '1:30',
  '-1:30',
  '190:20:30.15',
  '1:30.0',
  '1_000.5',
  '1._',
  '1.0e+3',
  '1.0e3',
  '+.5',
  '-.5',
  '=',
];

describe('fast YAML reader under yamlVersion 1.1, differential against the reference path', () => {
  it('matches the reference on generated documents, and answers most valid ones itself', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkYamlToJson(text, tally, '1.1');
      }),
      { numRuns: 2000, seed: fuzzSeed(20261125) },
    );
    expect(tally.fastShareOfValid).toBeGreaterThan(0.6);
  });

  it('matches the reference on generated documents with random edits', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(mutated(yamlTextArb), (text) => {
        checkYamlToJson(text, tally, '1.1');
      }),
      { numRuns: 1500, seed: fuzzSeed(1125) },
    );
    expect(tally.fast).toBeGreaterThan(150);
  });

  it('builds the same IR as readYaml (comments, anchors, YAML output) on generated documents', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkYamlIr(text, tally, IR_OPTIONS_11);
      }),
      { numRuns: 800, seed: fuzzSeed(11251) },
    );
    expect(tally.fast).toBeGreaterThan(300);
  });

  it('answers every benchmark corpus document itself, exactly as the reference', () => {
    for (const doc of DOCUMENTS) {
      const text = generateDocument(doc.name, 20_000, 2).text;
      const r = checkYamlToJson(text, undefined, '1.1');
      expect(r, `${doc.name} bailed: ${r === 'fast' ? '' : r.reason}`).toBe('fast');
    }
  });

  it('matches the reference on 1.1 scalars in every position, as keys and values', () => {
    const tally = new Tally();
    for (const s of SCALARS_11) {
      for (const text of [
        `k: ${s}\n`,
        `${s}: k\n`,
        `- ${s}\n- x\n`,
        `[${s}, x]\n`,
        `{k: ${s}, ${s}: x}\n`,
        `a:\n  - ${s}\n  - b: ${s}\n    c: ${s} # c\n`,
        `${s}\n`,
        `a: &x ${s}\nb: *x\n${s}: 2\n`,
        `yes: 1\n${s}: 2\n`,
        `90: 1\n${s}: 2\n`,
      ]) {
        checkYamlToJson(text, tally, '1.1');
        checkYamlIr(text, tally, IR_OPTIONS_11);
        checkYamlConversions(text, '1.1');
      }
    }
    expect(tally.fastShareOfValid).toBeGreaterThan(0.8);
  });

  it("validate's verdict under 1.1 (the fast reader first) is the reference's", () => {
    const counts = { valid: 0, invalid: 0 };
    fc.assert(
      fc.property(fc.oneof(yamlTextArb, mutated(yamlTextArb)), (text) => {
        let want: boolean | 'refused';
        try {
          want = readYaml(text, { comments: false, anchors: true, target: 'yaml', yamlVersion: '1.1' }).errors.length === 0;
        } catch {
          want = 'refused';
        }
        let got: boolean | 'refused';
        try {
          got = validate({ input: text, type: 'yaml', yamlVersion: '1.1' }).valid;
        } catch {
          got = 'refused';
        }
        expect(got, JSON.stringify(text)).toBe(want);
        if (got === true) counts.valid++;
        if (got === false) counts.invalid++;
      }),
      { numRuns: 1000, seed: fuzzSeed(251125) },
    );
    expect(counts.valid).toBeGreaterThan(100);
    expect(counts.invalid).toBeGreaterThan(100);
  });
});

/**
 * Differential test of the fast YAML -> JSON reader (lib/converter/yaml/fast) against the
 * reference path (readYaml + writeJson): on generated documents, on mutated ones, on the
 * benchmark corpus and on every case of the YAML test suite, the fast reader gives exactly
 * the reference's output, metadata and warnings, or bails; it never accepts what the
 * reference refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDocument } from '@/bench/documents';
import { DOCUMENTS } from '@/bench/corpus-spec';
import { validate } from '@/lib/converter';
import { readYaml } from '@/lib/converter/yaml/read-yaml';
import { Tally, checkYamlToJson } from './compare-yaml';
import { suiteInputs } from './yaml-suite-inputs';
import { TRICKY_SCALARS, lineSoupArb, mutated, yamlTextArb } from './yaml-documents';
import { fuzzSeed } from '../helpers/fuzz-seed';

describe('fast YAML -> JSON reader, differential against the reference path', () => {
  it('matches the reference on thousands of generated documents, and answers most valid ones itself', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkYamlToJson(text, tally);
      }),
      { numRuns: 4000, seed: 20240611 },
    );
    // A fast path that always bailed would pass the comparison; it must really answer.
    expect(tally.fastShareOfValid).toBeGreaterThan(0.6);
    expect(tally.refErrors).toBeGreaterThan(100);
  });

  it('matches the reference on generated documents with random edits (error paths)', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(mutated(yamlTextArb), (text) => {
        checkYamlToJson(text, tally);
      }),
      { numRuns: 3000, seed: 7 },
    );
    expect(tally.fast).toBeGreaterThan(300);
  });

  it('matches the reference on line soups (random lines at random indentations)', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(lineSoupArb, (text) => {
        checkYamlToJson(text, tally);
      }),
      { numRuns: 3000, seed: 11 },
    );
    expect(tally.fast).toBeGreaterThan(200);
  });

  it('matches the reference with another seed (FUZZ_SEED=random explores new ones)', () => {
    fc.assert(
      fc.property(fc.oneof(yamlTextArb, mutated(yamlTextArb), lineSoupArb), (text) => {
        checkYamlToJson(text);
      }),
      { numRuns: 1500, seed: fuzzSeed(1090831) },
    );
  });

  it('answers every benchmark corpus document itself, exactly as the reference', () => {
    for (const doc of DOCUMENTS) {
      for (const [bytes, seed] of [
        [3_000, 1],
        [20_000, 2],
        [60_000, 3],
      ] as const) {
        const text = generateDocument(doc.name, bytes, seed).text;
        const r = checkYamlToJson(text);
        expect(r, `${doc.name} (${bytes} bytes, seed ${seed}) bailed: ${r === 'fast' ? '' : r.reason}`).toBe('fast');
      }
    }
  });

  it('matches the reference on corpus documents with random edits', () => {
    const texts = DOCUMENTS.map((d) => generateDocument(d.name, 4_000, 11).text);
    const tally = new Tally();
    fc.assert(
      fc.property(mutated(fc.constantFrom(...texts)), (text) => {
        checkYamlToJson(text, tally);
      }),
      { numRuns: 600, seed: 3 },
    );
    expect(tally.fast).toBeGreaterThan(100);
  });

  it('matches the reference on every yaml-test-suite case', () => {
    const tally = new Tally();
    for (const [, text] of suiteInputs()) checkYamlToJson(text, tally);
    expect(tally.fast).toBeGreaterThan(80);
  });

  it('matches the reference on tricky scalars in every position', () => {
    const tally = new Tally();
    const quoteDouble = (s: string) => JSON.stringify(s);
    const quoteSingle = (s: string) => `'${s.replace(/'/g, "''")}'`;
    for (const s of TRICKY_SCALARS) {
      for (const v of [s, quoteDouble(s), quoteSingle(s)]) {
        for (const text of [
          `k: ${v}\n`,
          `${v}: k\n`,
          `- ${v}\n- x\n`,
          `[${v}, x]\n`,
          `{k: ${v}, ${v}: x}\n`,
          `a:\n  - ${v}\n  - b: ${v}\n    c: ${v} # c\n`,
          `${v}\n`,
          `k:\n  ${v}\nz: 1\n`,
          `a: &x ${v}\nb: *x\n`,
          `x: |\n  ${v}\n  ${v}\n`,
          `x: >-\n  ${v}\n\n  ${v}\n`,
        ]) {
          checkYamlToJson(text, tally);
          checkYamlToJson(text.replace(/\n/g, '\r\n'), tally);
        }
      }
    }
    expect(tally.fastShareOfValid).toBeGreaterThan(0.8);
  });

  it('hands over what random seeds found it accepting against the reference', () => {
    // An anchored empty flow node before a line break (`yaml`: "Unexpected , in flow sequence"),
    // and a tab-only last line after a comment (`yaml`: TAB_INDENT).
    const found = ['[[x], &a4\r\n, &a5 "a"]\r\n', '[&a4\n, b]\n', '[&a #c\n, b]\n', '    key: value\n    # comment\n\t'];
    for (const text of found) {
      checkYamlToJson(text);
      expect(validate({ input: text, type: 'yaml' }).valid, JSON.stringify(text)).toBe(false);
    }
  });

  it("validate's verdict (the fast reader first) is the reference's, on generated, edited and line-soup documents and the suite", () => {
    const verdicts = { valid: 0, invalid: 0 };
    const reference = (text: string): boolean | 'refused' => {
      try {
        return readYaml(text, { comments: false, anchors: true, target: 'yaml' }).errors.length === 0;
      } catch {
        return 'refused';
      }
    };
    // validate refuses a lone surrogate before reading (INVALID_UTF8); readYaml alone does not look.
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const check = (text: string) => {
      if (loneSurrogate.test(text)) return;
      const expected = reference(text);
      if (expected === 'refused') return;
      expect(validate({ input: text, type: 'yaml' }).valid, JSON.stringify(text)).toBe(expected);
      verdicts[expected ? 'valid' : 'invalid']++;
    };
    fc.assert(fc.property(fc.oneof(yamlTextArb, mutated(yamlTextArb), lineSoupArb), check), { numRuns: 3000, seed: 20261125 });
    for (const [, text] of suiteInputs()) check(text);
    // Both verdicts were really compared.
    expect(verdicts.valid).toBeGreaterThan(500);
    expect(verdicts.invalid).toBeGreaterThan(500);
  });
});

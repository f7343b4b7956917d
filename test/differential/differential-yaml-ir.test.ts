/**
 * Differential test of the fast reader's IR (used by the preserveComments / preserveAnchors
 * conversions and YAML -> YAML) against readYaml: same documents node for node (comments
 * placed at the same nodes, anchors and merges kept or expanded alike, shared subtrees),
 * same warnings and counts, or a bail; and `convert` answers the same with and without it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS } from '@/bench/corpus-spec';
import { generateDocument } from '@/bench/documents';
import { Tally, checkYamlConversions, checkYamlIr } from './compare-yaml';
import { suiteInputs } from './yaml-suite-inputs';
import { lineSoupArb, mutated, yamlTextArb } from './yaml-documents';
import { fuzzSeed } from '../helpers/fuzz-seed';
import { arbitraryCommentedYaml } from '../helpers/commented-yaml';

/** Commented YAML as generated, or with random edits. */
const mutatedOrNot = fc.oneof(arbitraryCommentedYaml(), mutated(arbitraryCommentedYaml()));

describe('fast YAML -> IR reader, differential against readYaml', () => {
  it('builds the same IR on generated documents (comments at every indentation), and answers most itself', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkYamlIr(text, tally);
      }),
      { numRuns: 1500, seed: 424242 },
    );
    expect(tally.fastShareOfValid).toBeGreaterThan(0.5);
  });

  it('builds the same IR on documents with random edits, and on line soups', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(fc.oneof(mutated(yamlTextArb), lineSoupArb), (text) => {
        checkYamlIr(text, tally);
      }),
      { numRuns: 1500, seed: 99 },
    );
    expect(tally.fast).toBeGreaterThan(300);
  });

  it('builds the same IR on YAML with comments at every legal place, and answers most itself', () => {
    const tally = new Tally();
    fc.assert(
      fc.property(mutatedOrNot, (text) => {
        checkYamlIr(text, tally);
      }),
      { numRuns: 800, seed: fuzzSeed(1212) },
    );
    expect(tally.fastShareOfValid).toBeGreaterThan(0.5);
  });

  it('builds the same IR with random seeds as well', () => {
    fc.assert(
      fc.property(fc.oneof(yamlTextArb, mutated(yamlTextArb), lineSoupArb), (text) => {
        checkYamlIr(text);
      }),
      { numRuns: 500, seed: fuzzSeed(4343) },
    );
  });

  it('answers every benchmark corpus document itself, with the same IR and conversions', () => {
    for (const doc of DOCUMENTS) {
      for (const [bytes, seed] of [
        [3_000, 1],
        [20_000, 2],
      ] as const) {
        const text = generateDocument(doc.name, bytes, seed).text;
        const tally = new Tally();
        checkYamlIr(text, tally);
        expect(tally.bail, `${doc.name} (${bytes} bytes): ${[...tally.reasons.keys()].join(', ')}`).toBe(0);
        checkYamlConversions(text);
      }
    }
  });

  it('converts generated documents the same with and without the fast reader', () => {
    fc.assert(
      fc.property(yamlTextArb, (text) => {
        checkYamlConversions(text);
      }),
      { numRuns: 250, seed: 5 },
    );
  });

  it('builds the same IR on every yaml-test-suite case', () => {
    const tally = new Tally();
    for (const [, text] of suiteInputs()) checkYamlIr(text, tally);
    expect(tally.fast).toBeGreaterThan(150);
  });
});

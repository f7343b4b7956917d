/**
 * Property: YAML with comments at every legal place -> YAML and -> JSONC with
 * preserveComments keeps every comment's text byte for byte, in the same order, each alone
 * on its line or at the end of the line of the same node as in the input, and the data reads
 * back equal. Checked on both YAML readers (the fast one and readYaml).
 * The documents: test/helpers/commented-yaml.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../lib/converter/index';
import { commentProblems, jsoncComments, yamlComments } from '../helpers/comment-check';
import { arbitraryCommentedYaml } from '../helpers/commented-yaml';
import { fuzzSeed } from '../helpers/fuzz-seed';

/** Multiplies the run count for a longer hunt: PRESERVE_COMMENTS_RUNS=20 npx vitest run test/property/preserve-comments */
const SCALE = Number(process.env.PRESERVE_COMMENTS_RUNS ?? '1') || 1;

const toJson = (input: string, inputType: 'yaml' | 'json', fastYaml = true) => convert({ input, inputType, outputType: 'json' }, { fastYaml }).output;

const arbitraryYaml = arbitraryCommentedYaml();

function check(input: string): void {
  const inputComments = yamlComments(input);
  const data = toJson(input, 'yaml', false);
  for (const fastYaml of [true, false]) {
    const way = fastYaml ? 'fast reader' : 'readYaml';
    for (const preserveAnchors of [false, true]) {
      const yaml = convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments: true, preserveAnchors }, { fastYaml }).output;
      const how = `${way}${preserveAnchors ? ', preserveAnchors' : ''}`;
      expect(commentProblems(inputComments, yamlComments(yaml)), `YAML -> YAML (${how})\n--- input:\n${input}--- output:\n${yaml}`).toEqual([]);
      expect(toJson(yaml, 'yaml'), `YAML -> YAML data (${how})\n--- output:\n${yaml}`).toBe(data);
    }

    const jsonc = convert({ input, inputType: 'yaml', outputType: 'json', preserveComments: true }, { fastYaml }).output;
    expect(commentProblems(inputComments, jsoncComments(jsonc)), `YAML -> JSONC (${way})\n--- input:\n${input}--- output:\n${jsonc}`).toEqual([]);
    expect(toJson(jsonc, 'json'), `YAML -> JSONC data (${way})\n--- output:\n${jsonc}`).toBe(data);
  }
}

describe('preserveComments keeps every comment exactly (property)', () => {
  it('the generator writes valid YAML with comments at every place it knows', () => {
    // Guards the property below from passing on inputs without comments or that do not parse.
    let withComments = 0;
    fc.assert(
      fc.property(arbitraryYaml, (input) => {
        expect(() => toJson(input, 'yaml', false), input).not.toThrow();
        if (yamlComments(input).length > 0) withComments++;
      }),
      { numRuns: 100, seed: fuzzSeed(1201) },
    );
    expect(withComments).toBeGreaterThan(80);
  });

  it('YAML -> YAML and YAML -> JSONC keep each comment text, order and line, and the data', () => {
    fc.assert(fc.property(arbitraryYaml, check), { numRuns: 300 * SCALE, seed: fuzzSeed(1202) });
  });

  it('the cases that used to lose comments', () => {
    for (const input of [
      '# c\n',
      '## x\n#x\na: 1 #x\n',
      'jobs:\n  - run: |\n      make\n  # next step\n  - run: test\n',
      'p: {}  # c1\nq: 1\n',
      'a: [1, 2]  # c\n',
      'a: > # c\n  text\n',
      'a: |-\n# about b\nb: 1\n',
    ]) {
      check(input);
    }
  });
});

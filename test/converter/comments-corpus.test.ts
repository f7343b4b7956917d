/**
 * preserveComments over the bench corpus: every document kind at 10 KB (commented-config is the
 * comment-heavy one) through YAML -> YAML and YAML -> JSONC with preserveComments, on both
 * YAML readers: the comments out are the comments in (count, text byte for byte, order, own
 * line or the same node's line) and the data reads back equal. The documents are read from
 * bench/corpus when it is there, generated with the corpus generator otherwise (same bytes).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, SIZE_TIERS, yamlPath } from '../../bench/corpus-spec';
import { generateDocument } from '../../bench/documents';
import { seedOf } from '../../bench/generate-corpus';
import { convert } from '../../lib/converter/index';
import { commentProblems, jsoncComments, yamlComments } from '../helpers/comment-check';

function corpusText(name: (typeof DOCUMENTS)[number]['name']): string {
  const file = yamlPath(name, '10k');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  return generateDocument(name, SIZE_TIERS['10k'], seedOf(name)).text;
}

const toJson = (input: string, inputType: 'yaml' | 'json') => convert({ input, inputType, outputType: 'json' }).output;

describe.each(DOCUMENTS.map((d) => d.name))('comments of the bench corpus document %s (10 KB)', (name) => {
  const input = corpusText(name);
  const inputComments = yamlComments(input);
  const data = toJson(input, 'yaml');

  it.each([
    { way: 'fast reader', fastYaml: true },
    { way: 'readYaml', fastYaml: false },
  ])('keeps every comment exactly ($way)', ({ fastYaml }) => {
    if (name === 'commented-config') expect(inputComments.length).toBeGreaterThan(50);
    const yaml = convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments: true }, { fastYaml });
    expect(yaml.metadata.commentsCount).toBe(inputComments.length);
    const yamlOut = yamlComments(yaml.output);
    expect(yamlOut.length).toBe(inputComments.length);
    expect(commentProblems(inputComments, yamlOut)).toEqual([]);
    expect(toJson(yaml.output, 'yaml')).toBe(data);

    const jsonc = convert({ input, inputType: 'yaml', outputType: 'json', preserveComments: true }, { fastYaml }).output;
    const jsoncOut = jsoncComments(jsonc);
    expect(jsoncOut.length).toBe(inputComments.length);
    expect(commentProblems(inputComments, jsoncOut)).toEqual([]);
    expect(toJson(jsonc, 'json')).toBe(data);
  });
});

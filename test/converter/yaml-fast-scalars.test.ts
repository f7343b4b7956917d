/** The fast reader's typing of plain scalars is resolvePlain's (YAML 1.2 core), JSON text for JSON text. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainScalarJson } from '@/lib/converter/yaml/fast/plain-json';
import { needsJsonEscape } from '@/lib/converter/yaml/fast/flow-scalars';
import { resolvePlain } from '@/lib/converter/yaml/resolve-scalar';

/** What writeJson writes for a plain scalar, from resolvePlain. */
function expectedJson(s: string): { json: string; special: string | null } {
  const node = resolvePlain(s, '1.2');
  switch (node.kind) {
    case 'number':
      return node.special === true ? { json: JSON.stringify(node.text), special: node.text } : { json: node.text, special: null };
    case 'bool':
      return { json: node.value ? 'true' : 'false', special: null };
    case 'null':
      return { json: 'null', special: null };
    default:
      return { json: JSON.stringify(s), special: null };
  }
}

function check(s: string): void {
  const specials: string[] = [];
  const json = plainScalarJson(s, needsJsonEscape(s), (t) => specials.push(t));
  const want = expectedJson(s);
  expect(json, JSON.stringify(s)).toBe(want.json);
  expect(specials).toEqual(want.special === null ? [] : [want.special]);
}

describe('plainScalarJson', () => {
  it('types the forms resolvePlain knows, and words, exactly like it', () => {
    for (const s of [
      '0',
      '7',
      '42',
      '007',
      '-0',
      '-7',
      '-07',
      '+7',
      '12345678901234567890',
      '1.5',
      '0.5',
      '00.5',
      '1.',
      '.5',
      '-.5',
      '+.5',
      '1e3',
      '1E3',
      '1.5e+3',
      '-2.5E-3',
      '1.2.3',
      '0.0.0.0',
      '1.5x',
      '10MB',
      '3m',
      '2024-03-15',
      '2023-08-21T09:30:32Z',
      '12:30',
      '1_000',
      '0x1F',
      '0xff',
      '0x',
      '0o17',
      '0o8',
      '0b101',
      '.inf',
      '-.Inf',
      '+.INF',
      '.nan',
      '.NaN',
      'nan',
      'inf',
      '~',
      '~~',
      'null',
      'Null',
      'NULL',
      'nULL',
      'none',
      'true',
      'True',
      'TRUE',
      'tRUE',
      'false',
      'False',
      'FALSE',
      'yes',
      'no',
      'on',
      'off',
      'n',
      'N',
      'y',
      't',
      'f',
      'F',
      'name',
      'node',
      'Title',
      'feature',
      '-',
      '--',
      '-a',
      '-1a',
      '-1.5',
      '-1.5.',
      '9e',
      '9e+',
      'é',
      'ünï',
      '"quoted"',
      'back\\slash',
      'tab\there',
      'x\u0007y',
    ]) {
      check(s);
    }
  });

  it('agrees with resolvePlain on generated number-like and word-like text', () => {
    const chars = fc.constantFrom(
      '0',
      '1',
      '7',
      '9',
      '.',
      '-',
      '+',
      'e',
      'E',
      'x',
      'o',
      '_',
      ':',
      'a',
      'f',
      'n',
      't',
      'N',
      'T',
      'F',
      'i',
      'l',
      'u',
      '~',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 8 }), (cs) => {
        const s = cs.join('').trim();
        if (s !== '') check(s);
      }),
      { numRuns: 20000, seed: 1 },
    );
  });
});

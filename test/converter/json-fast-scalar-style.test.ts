/**
 * The reserved-word check of the scalar-style rules compares character codes instead of
 * `RESERVED.has(s.toLowerCase())` (faster on the JSON -> YAML path). Checked here against
 * that definition on every case variant of the words and on every short string over
 * their letters.
 */
import { describe, expect, it } from 'vitest';
import { STYLE_DOUBLE, STYLE_PLAIN, chooseStringStyle } from '@/lib/converter/yaml/yaml-scalar-style';

const RESERVED = new Set(['y', 'yes', 'n', 'no', 'true', 'false', 'on', 'off', 'null', '~', '<<', '=']);

/** Every upper/lower-case spelling of `word`. */
function caseVariants(word: string): string[] {
  let out = [''];
  for (const ch of word) out = out.flatMap((p) => [...new Set([p + ch.toLowerCase(), p + ch.toUpperCase()])]);
  return out;
}

describe('reserved words in the scalar-style rules', () => {
  it('quotes every case variant of a reserved word', () => {
    for (const word of RESERVED) {
      for (const v of caseVariants(word)) expect(chooseStringStyle(v, 0), v).toBe(STYLE_DOUBLE);
    }
  });

  it('agrees with RESERVED.has(s.toLowerCase()) on every string of up to 3 characters over their letters and neighbours', () => {
    const alphabet = [...'yYeEsSnNoOfFtTrRuUlLaA~<=^x9 ', '\u00e9', '\u0130', '\u212a'];
    let words = [''];
    let checked = 0;
    for (let len = 1; len <= 3; len++) {
      words = words.flatMap((w) => alphabet.map((c) => w + c));
      for (const s of words) {
        if (!'yYnNtTfFoO~<='.includes(s[0]!)) continue; // other first characters are decided before the word check
        const style = chooseStringStyle(s, 0);
        if (RESERVED.has(s.toLowerCase())) expect(style, s).toBe(STYLE_DOUBLE);
        else if (/^[\p{L}\d~<=^]+$/u.test(s)) expect(style, s).toBe(STYLE_PLAIN);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('leaves near misses plain', () => {
    for (const s of ['yess', 'nul', 'nulls', 'truth', 'off1', 'onx', 'yesterday', 'Nope', 'falsy', 'tru', 'fals', 'o', 't', '<', '<<<', '==']) {
      expect(chooseStringStyle(s, 0), s).toBe(STYLE_PLAIN);
    }
  });
});

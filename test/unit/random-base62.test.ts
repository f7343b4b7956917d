// The one base62 generator behind request ids, record ids and API keys: the length asked for, only
// base62 characters, and every character equally likely (modulo bias would make 0-7 about 21% likelier).
import { describe, expect, it } from 'vitest';
import { randomBase62, secretBase62 } from '@/lib/random-base62';

describe.each([
  ['randomBase62 (ids)', randomBase62],
  ['secretBase62 (API keys, session secrets)', secretBase62],
])('%s', (_name, randomBase62) => {
  it('makes exactly the length asked for, of base62 characters only', () => {
    for (const length of [0, 1, 20, 32, 5000]) {
      const text = randomBase62(length);
      expect(text).toHaveLength(length);
      expect(text).toMatch(/^[0-9A-Za-z]*$/);
    }
  });

  it('draws every character equally often', () => {
    const counts = new Map<string, number>();
    // 5,000 of each expected: a standard deviation of about 70; a biased 0-7 would be about 6,000.
    for (const c of randomBase62(62 * 5_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const [c, n] of counts) expect(Math.abs(n - 5_000), `character ${c}`).toBeLessThan(500);
  });
});

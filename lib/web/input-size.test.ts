import { describe, expect, it } from 'vitest';
import { exactBytes } from '@/lib/format/format-bytes';
import { overLimitWarning, sizeLabel } from './input-size';

const LIMITS = [1_000_000, 10_000_000, 100_000_000];
const FREE = { name: 'Free', maxInputBytes: 1_000_000 };
const PRO = { name: 'Pro', maxInputBytes: 10_000_000 };

describe('input size', () => {
  it('shows exact bytes within 10% of a plan limit', () => {
    expect(sizeLabel(1_000_109, LIMITS)).toBe('1,000,109 bytes');
    expect(sizeLabel(999_999, LIMITS)).toBe('999,999 bytes');
    expect(sizeLabel(900_000, LIMITS)).toBe('900,000 bytes');
    expect(sizeLabel(1_100_000, LIMITS)).toBe('1,100,000 bytes');
    expect(sizeLabel(9_500_000, LIMITS)).toBe('9,500,000 bytes');
    expect(sizeLabel(100_000_001, LIMITS)).toBe('100,000,001 bytes');
  });

  it('rounds sizes far from every limit', () => {
    expect(sizeLabel(899_999, LIMITS)).toBe('900 kB');
    expect(sizeLabel(1_100_001, LIMITS)).toBe('1.1 MB');
    expect(sizeLabel(512, LIMITS)).toBe('512 bytes');
    expect(exactBytes(1)).toBe('1 byte');
  });

  it('warns a signed-out user over the Free limit', () => {
    const viewer = { plan: null, defaultPlan: FREE };
    expect(overLimitWarning(1_000_000, viewer)).toBeNull();
    expect(overLimitWarning(1_000_109, viewer)).toBe(
      "The input is 1,000,109 bytes, over the Free plan's limit of 1,000,000 bytes: the API would answer 413 on Free.",
    );
  });

  it("warns a signed-in user against their own plan's limit", () => {
    expect(overLimitWarning(1_000_109, { plan: PRO, defaultPlan: FREE })).toBeNull();
    expect(overLimitWarning(10_000_001, { plan: PRO, defaultPlan: FREE })).toBe(
      "The input is 10,000,001 bytes, over your Pro plan's limit of 10,000,000 bytes: the API would answer 413 to this request.",
    );
    expect(overLimitWarning(1_000_001, { plan: FREE, defaultPlan: FREE })).toMatch(/over your Free plan's limit of 1,000,000 bytes/);
  });
});

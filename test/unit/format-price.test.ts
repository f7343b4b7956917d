// Stripe's prices as the pages show them: amounts in the currency's smallest unit, zero-decimal currencies whole.
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@/lib/format/format-price';

describe('formatPrice', () => {
  it('writes cents as the amount, whole amounts without decimals, and the interval', () => {
    expect(formatPrice({ unitAmount: 1900, currency: 'usd', interval: 'month', intervalCount: 1 })).toBe('$19 a month');
    expect(formatPrice({ unitAmount: 1950, currency: 'eur', interval: 'month', intervalCount: 1 })).toBe('€19.50 a month');
    expect(formatPrice({ unitAmount: 2000, currency: 'jpy', interval: 'month', intervalCount: 3 })).toBe('¥2,000 every 3 months');
    expect(formatPrice({ unitAmount: 19000, currency: 'usd', interval: 'year', intervalCount: 1 })).toBe('$190 a year');
  });
});

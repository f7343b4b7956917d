import { describe, expect, it } from 'vitest';
import { niceScale } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten, with whole ticks from 0 to it', () => {
    expect(niceScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(niceScale(3)).toEqual({ top: 5, ticks: [0, 1, 2, 3, 4, 5] });
    expect(niceScale(7)).toEqual({ top: 10, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceScale(37)).toEqual({ top: 50, ticks: [0, 10, 20, 30, 40, 50] });
    expect(niceScale(150)).toEqual({ top: 200, ticks: [0, 50, 100, 150, 200] });
    expect(niceScale(10_000)).toEqual({ top: 10_000, ticks: [0, 5000, 10_000] });
  });
});

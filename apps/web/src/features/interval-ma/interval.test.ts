import { describe, expect, it } from 'vitest';
import { freeMariages } from './interval';

const rows = [
  { min_amount: 5_000, max_amount: 9_999, count: 1, status: 'active' as const },
  { min_amount: 10_000, max_amount: 24_999, count: 2, status: 'active' as const },
  { min_amount: 25_000, max_amount: null, count: 3, status: 'active' as const },
  { min_amount: 20_000, max_amount: 30_000, count: 5, status: 'blocked' as const },
];

describe('freeMariages', () => {
  it('gives the count of the interval holding the amount, bounds included', () => {
    expect(freeMariages(rows, 4_999)).toBe(0);
    expect(freeMariages(rows, 5_000)).toBe(1);
    expect(freeMariages(rows, 9_999)).toBe(1);
    expect(freeMariages(rows, 15_000)).toBe(2);
  });

  it('has no upper bound when max is null, and ignores suspended intervals', () => {
    expect(freeMariages(rows, 10_000_000)).toBe(3);
    expect(freeMariages(rows, 22_000)).toBe(2);
  });

  it('takes the largest count when intervals overlap', () => {
    expect(
      freeMariages([...rows, { min_amount: 12_000, max_amount: 13_000, count: 4, status: 'active' }], 12_500),
    ).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { diffChanges } from './traceability';

describe('diffChanges', () => {
  it('reads an amount past 2^53 (a bigint, contracts/money.ts) as its exact digits, flat or nested', () => {
    const big = 2n ** 60n + 1n;
    expect(diffChanges({ total_amount: 1 }, { total_amount: big })).toEqual([
      { field: 'total_amount', before: '1', after: '1152921504606846977' },
    ]);
    expect(diffChanges(null, { lines: [{ amount: big }] })).toEqual([
      { field: 'lines', before: null, after: '[{"amount":"1152921504606846977"}]' },
    ]);
  });

  it('lists only the fields an update wrote, and what a creation holds', () => {
    expect(diffChanges({ name: 'A', city: 'X' }, { name: 'B' })).toEqual([{ field: 'name', before: 'A', after: 'B' }]);
    expect(diffChanges(null, { name: 'A', note: '' })).toEqual([{ field: 'name', before: null, after: 'A' }]);
  });
});

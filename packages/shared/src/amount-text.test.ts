import { describe, expect, it } from 'vitest';
import { parseAmountText } from './amount-text';

describe('parseAmountText (every typed amount: back-office fields and POS stakes)', () => {
  it('reads the French comma, the point and thousands spaces', () => {
    expect(parseAmountText('12,50')).toBe(1250);
    expect(parseAmountText('12,5')).toBe(1250);
    expect(parseAmountText('12.50')).toBe(1250);
    expect(parseAmountText('12')).toBe(1200);
    expect(parseAmountText(' 1 234,50 ')).toBe(123_450);
    expect(parseAmountText('1\u202f234,50')).toBe(123_450);
    expect(parseAmountText('1\u00a0000')).toBe(100_000);
    expect(parseAmountText('0,01')).toBe(1);
    expect(parseAmountText('90071992547409,91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not an amount with 2 decimals at most', () => {
    for (const bad of [
      '',
      ',50',
      '12,',
      '12,345',
      '-5',
      '1.2.3',
      '12 34',
      '1e5',
      '0x10',
      '12,50 HTG',
      '90071992547409,92',
    ])
      expect(parseAmountText(bad), bad).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { centimesDecimal, centimesToInput, parseAmount } from './money';

describe('limit amounts (HTG with 2 decimals <-> centimes)', () => {
  it('reads what people type', () => {
    expect(parseAmount('1500')).toBe(150_000);
    expect(parseAmount('1500.5')).toBe(150_050);
    expect(parseAmount('1500,05')).toBe(150_005);
    expect(parseAmount(' 1 234,50 ')).toBe(123_450);
    expect(parseAmount('1\u202f234,50')).toBe(123_450);
    expect(parseAmount('0,01')).toBe(1);
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('12,5')).toBe(1250);
  });

  it('refuses what is not an amount with 2 decimals at most', () => {
    for (const bad of ['', 'abc', '12,345', '-5', '1.2.3', '12 34', '1e5', '0x10'])
      expect(parseAmount(bad), bad).toBeNull();
  });

  it('writes centimes back for the form and for display', () => {
    expect(centimesToInput(150_050)).toBe('1500,50');
    expect(centimesToInput(150_050, 'en')).toBe('1500.50');
    expect(parseAmount(centimesToInput(5))).toBe(5);
    expect(formatMoney(123_450, 'HTG', 'en')).toMatch(/1,234\.50/);
    expect(formatMoney(123_450, 'HTG', 'fr').replace(/\s/g, ' ')).toMatch(/1 234,50/);
    expect(formatMoney(5, 'XXX-invalid', 'fr')).toBe('0.05 XXX-invalid');
  });

  it('shows an amount past 2^53 (a string of digits in the API) exactly', () => {
    expect(formatMoney('9007199254740993', 'HTG', 'fr').replace(/\s/g, ' ')).toMatch(/90 071 992 547 409,93/);
    expect(formatMoney('-9007199254740993', 'HTG', 'en')).toMatch(/90,071,992,547,409\.93/);
    expect(centimesDecimal(-5)).toBe('-0.05');
  });
});

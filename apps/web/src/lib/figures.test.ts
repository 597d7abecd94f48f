import { describe, expect, it } from 'vitest';
import { balanceState, balanceTone, formatCell, formatPlain } from './figures';
import { formatCount } from './format';

const fr = { language: 'fr', currency: 'HTG' };
const clean = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('cells of the reports', () => {
  it('formats counts and amounts in the language, without the currency', () => {
    expect(clean(formatCount(12345, 'fr'))).toBe('12 345');
    expect(clean(formatPlain(123450, fr))).toBe('1 234,50');
    expect(formatPlain(123450, { language: 'en', currency: 'HTG' })).toBe('1,234.50');
    expect(clean(formatPlain(-5000, fr))).toBe('-50,00');
  });

  it('shows a dash for nothing and text as it is', () => {
    expect(formatCell('money', null, fr)).toBe('—');
    expect(formatCell('text', 'Centre', fr)).toBe('Centre');
    expect(clean(formatCell('count', 1500, fr))).toBe('1 500');
    expect(clean(formatCell('balance', -250, fr))).toBe('\u22122,50');
    expect(clean(formatCell('balance', 250, fr))).toBe('+2,50');
  });

  it('reads a balance: doit, défisi or settled', () => {
    expect(balanceState(100)).toBe('owes');
    expect(balanceState(-1)).toBe('deficit');
    expect(balanceState(0)).toBe('settled');
    expect(balanceTone(5)).toBe('success');
    expect(balanceTone(-5)).toBe('error');
    expect(balanceTone(0)).toBe('neutral');
  });
});

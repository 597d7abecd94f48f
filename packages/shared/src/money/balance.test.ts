import { describe, expect, it } from 'vitest';
import { absAmount, amountSign, balanceState, balanceTone, signedText, signPrefix } from './balance';

const plain = (v: number | bigint | string) => String(v);

describe('the balance convention (docs/domain.md: positive, the agent owes; negative, « défisi »)', () => {
  it('reads the state from the sign', () => {
    expect(balanceState(767610)).toBe('owes');
    expect(balanceState(-767610)).toBe('deficit');
    expect(balanceState(0)).toBe('settled');
  });

  it('gives one tone per state: the company gains in green, « défisi » in red', () => {
    expect(balanceTone(1)).toBe('success');
    expect(balanceTone(-1)).toBe('error');
    expect(balanceTone(0)).toBe('neutral');
  });

  it('signs an amount: + raises what the agent owes, − (U+2212) lowers it, nothing at zero', () => {
    expect(signPrefix(5)).toBe('+');
    expect(signPrefix(-5)).toBe('\u2212');
    expect(signPrefix(0)).toBe('');
    expect(signedText(-767610, plain)).toBe('\u2212767610');
    expect(signedText(767610, plain)).toBe('+767610');
    expect(signedText(0, plain)).toBe('0');
  });

  it('is exact past 2^53 (the API sends such amounts as digit strings)', () => {
    const huge = '-9007199254740993';
    expect(amountSign(huge)).toBe(-1);
    expect(balanceState(huge)).toBe('deficit');
    expect(absAmount(huge)).toBe('9007199254740993');
    expect(signedText(huge, plain)).toBe('\u22129007199254740993');
    expect(amountSign(9007199254740993n)).toBe(1);
    expect(amountSign('0')).toBe(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionFor, isValidFicheNumber, luhnDigit } from './money';

describe('ticket numbers', () => {
  it('uses the Luhn check digit (7992739871 -> 3)', () => {
    expect(luhnDigit(7992739871)).toBe(3);
    expect(isValidFicheNumber(79927398713)).toBe(true);
    expect(isValidFicheNumber(79927398710)).toBe(false);
    expect(isValidFicheNumber(5)).toBe(false);
  });
  it('catches any single mistyped digit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 10_000_000_000 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (seq, at, delta) => {
          const number = seq * 10 + luhnDigit(seq);
          expect(isValidFicheNumber(number)).toBe(true);
          const digits = String(number).split('');
          const i = at % digits.length;
          digits[i] = String((Number(digits[i]) + delta) % 10);
          const typo = Number(digits.join(''));
          if (digits[0] !== '0') expect(isValidFicheNumber(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('commissionFor', () => {
  it('rounds half up to the centime', () => {
    expect(commissionFor(2800, 1000)).toBe(280);
    expect(commissionFor(5, 1000)).toBe(1); // 0.5 -> 1
    expect(commissionFor(4, 1000)).toBe(0);
    expect(commissionFor(12345, 1250)).toBe(1543); // 1543.125
    expect(commissionFor(0, 1000)).toBe(0);
  });
  it('never exceeds the amount and grows with it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const c = commissionFor(amount, bp);
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(amount);
        expect(commissionFor(amount + 1, bp)).toBeGreaterThanOrEqual(c);
      }),
    );
  });
});

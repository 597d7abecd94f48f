import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BetCode } from './bets';
import { lotsFromResult } from './lots';
import { DEFAULT_PRIMES, type Primes, winningsForLine } from './payout';
import {
  bestWinForLine,
  type CeilingLine,
  ceilingMessage,
  frenchAmount,
  potentialPayout,
  ticketCeilingBreach,
} from './potential-payout';

const SOLD: BetCode[] = [20, 30, 40, 41, 42, 43, 51, 52, 53];
const ceilings = { ticket_max_lines: 3, ticket_max_draws: 2, line_max_stake: 10_000, ticket_max_payout: 1_000_000 };

describe('bestWinForLine', () => {
  it('pays a cumulative bolet its three primes, else its best one; others their prime', () => {
    expect(bestWinForLine({ code: 20, stake: 100 }, DEFAULT_PRIMES)).toBe(100n * 80n);
    expect(bestWinForLine({ code: 20, stake: 100 }, DEFAULT_PRIMES, { boletCumulative: false })).toBe(100n * 50n);
    expect(bestWinForLine({ code: 40, stake: 100 }, DEFAULT_PRIMES)).toBe(100_000n);
    expect(bestWinForLine({ code: 53, stake: 100 }, DEFAULT_PRIMES)).toBe(2_500_000n);
    expect(bestWinForLine({ code: 44, stake: 0 }, DEFAULT_PRIMES, { freeMariageAmount: 50_000 })).toBe(50_000n);
  });

  it('is reached: a bolet can hit the three lots at once (Pick 3 145, Pick 4 4545)', () => {
    const lots = lotsFromResult({ pick3: '145', pick4: '4545' });
    expect(BigInt(winningsForLine({ code: 20, number: '45', stake: 100 }, lots, { primes: DEFAULT_PRIMES }))).toBe(
      bestWinForLine({ code: 20, stake: 100 }, DEFAULT_PRIMES),
    );
  });

  it('refuses a missing or negative prime', () => {
    expect(() => bestWinForLine({ code: 30, stake: 1 }, {})).toThrow(/Prime manquante/);
    expect(() => bestWinForLine({ code: 40, stake: 1 }, { 40: -1 })).toThrow();
  });
});

describe('potentialPayout', () => {
  it('adds every line on every draw, and the free mariages of each draw', () => {
    const lines: CeilingLine[] = [
      { code: 20, stake: 100 },
      { code: 51, stake: 10 },
    ];
    const other: Primes = { ...DEFAULT_PRIMES, 51: 1000 };
    expect(
      potentialPayout(lines, [{ primes: DEFAULT_PRIMES, freeMariages: 2 }, { primes: other }], {
        freeMariageAmount: 100_000,
      }),
    ).toBe(8000n + 250_000n + 200_000n + 8000n + 10_000n);
  });

  it('holds the review’s ticket exactly, far past 2^53 (99 loto 5 lines near 10 million HTG, 18 draws)', () => {
    const lines = Array.from({ length: 99 }, () => ({ code: 51 as BetCode, stake: 999_999_900 }));
    const payout = potentialPayout(lines, Array(18).fill({ primes: DEFAULT_PRIMES }));
    expect(payout).toBe(99n * 18n * 999_999_900n * 25_000n);
    expect(payout > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('is never below what the ticket wins, whatever the result (property)', () => {
    const line = fc.record({ code: fc.constantFrom(...SOLD), stake: fc.integer({ min: 1, max: 100_000 }) });
    const prime = fc.integer({ min: 0, max: 100_000 });
    const primes = fc.record({
      20: fc.record({ 1: prime, 2: prime, 3: prime }),
      30: prime,
      40: prime,
      41: prime,
      42: prime,
      43: prime,
      51: prime,
      52: prime,
      53: prime,
    });
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        primes,
        digits(3),
        digits(4),
        fc.boolean(),
        (ls, p, p3, p4, cumulative) => {
          const lots = lotsFromResult({ pick3: p3.join(''), pick4: p4.join('') });
          // Each line plays the number that wins it on this result when it can (the worst case).
          const numbers: Record<BetCode, string> = {
            20: lots.lot1,
            30: lots.pick3,
            40: `${lots.lot1}*${lots.lot2}`,
            41: lots.lot2 + lots.lot3,
            42: lots.lot1 + lots.lot2,
            43: lots.lot1 + lots.lot3,
            51: lots.pick3 + lots.lot2,
            52: lots.pick3 + lots.lot3,
            53: p3[2] + lots.lot2 + lots.lot3,
            44: '',
          };
          const won = ls.reduce(
            (s, l) =>
              s +
              BigInt(
                winningsForLine({ code: l.code, number: numbers[l.code], stake: l.stake }, lots, {
                  primes: p,
                  boletCumulative: cumulative,
                }),
              ),
            0n,
          );
          const bound = potentialPayout(ls, [{ primes: p }], { boletCumulative: cumulative });
          expect(won <= bound).toBe(true);
          // Without a bolet the worst case reaches the bound exactly.
          if (ls.every((l) => l.code !== 20)) expect(won).toBe(bound);
        },
      ),
    );
  });

  it('grows with each draw by that draw’s figure (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), (stakes) => {
        const lines = stakes.map((stake) => ({ code: 30 as BetCode, stake }));
        const one = potentialPayout(lines, [{ primes: DEFAULT_PRIMES }]);
        expect(potentialPayout(lines, Array(7).fill({ primes: DEFAULT_PRIMES }))).toBe(one * 7n);
      }),
    );
  });
});

describe('ticketCeilingBreach', () => {
  const draw = { primes: DEFAULT_PRIMES };
  it('answers the first bound passed, in the sale’s order, and null exactly at every limit', () => {
    const line = (stake: number): CeilingLine => ({ code: 30, stake });
    expect(ticketCeilingBreach([line(1), line(1), line(1), line(1)], 9, ceilings)).toEqual({ kind: 'lines', max: 3 });
    expect(ticketCeilingBreach([line(1)], 3, ceilings)).toEqual({ kind: 'draws', max: 2 });
    expect(ticketCeilingBreach([line(1), line(10_001)], 1, ceilings)).toEqual({ kind: 'stake', line: 1, max: 10_000 });
    // 2 000 centimes × 500 = exactly the maximum: accepted; one centime more: refused.
    expect(ticketCeilingBreach([line(1_000), line(1_000)], [draw], ceilings)).toBeNull();
    expect(ticketCeilingBreach([line(1_000), line(1_001)], [draw], ceilings)).toEqual({
      kind: 'payout',
      payout: 1_000_500n,
      max: 1_000_000,
    });
    expect(ticketCeilingBreach([line(10_000), line(10_000), line(10_000)], 2, ceilings)).toBeNull();
  });

  it('writes the sale’s French messages', () => {
    expect(frenchAmount(10_000_000)).toBe('100 000,00');
    expect(frenchAmount(1_234_567_891n)).toBe('12 345 678,91');
    expect(frenchAmount(5)).toBe('0,05');
    expect(ceilingMessage({ kind: 'lines', max: 100 }, 'HTG')).toBe(
      'La fiche dépasse 100 paris (maximum de la compagnie).',
    );
    expect(ceilingMessage({ kind: 'stake', line: 2, max: 10_000_000 }, 'HTG')).toBe(
      'Ligne 3 : la mise dépasse le maximum de 100 000,00 HTG par pari.',
    );
    expect(ceilingMessage({ kind: 'payout', payout: 123_456_789n, max: 100_000_000 }, 'HTG')).toMatch(
      /^Gain possible de la fiche : 1 234 567,89 HTG, supérieur au maximum de 1 000 000,00 HTG par fiche\./,
    );
  });
});

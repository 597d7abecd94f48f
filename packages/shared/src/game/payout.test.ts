import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BetCode, normaliseMariage } from './bets';
import { GameError } from './errors';
import { lotsFromResult, type OptionMapping } from './lots';
import {
  boletHits,
  DEFAULT_FREE_MARIAGE_AMOUNT,
  DEFAULT_PRIMES,
  type PayoutLine,
  type Primes,
  ticketStake,
  ticketWinnings,
  winningsForLine,
} from './payout';

const primes: Primes = { 20: { 1: 50, 2: 20, 3: 10 }, 40: 1000, 30: 500, 41: 5000, 42: 5000, 43: 5000 };
const lots = lotsFromResult({ pick3: '123', pick4: '4567' });
const opts = { primes };

describe('worked ticket of docs/domain.md (primes 50/20/10, 1000, 500, 5000; results 123 / 4567)', () => {
  const lines: [PayoutLine, number][] = [
    [{ code: 20, number: '23', stake: 1000 }, 50_000],
    [{ code: 20, number: '45', stake: 500 }, 10_000],
    [{ code: 20, number: '99', stake: 500 }, 0],
    [{ code: 40, number: '67*23', stake: 200 }, 200_000],
    [{ code: 30, number: '123', stake: 100 }, 50_000],
    [{ code: 41, number: '4567', stake: 100 }, 500_000],
    [{ code: 42, number: '4567', stake: 100 }, 0],
  ];

  it.each(lines)('%j pays %i centimes', (line, win) => {
    expect(winningsForLine(line, lots, opts)).toBe(win);
  });

  it('stake 25 (2500 centimes), win 8100 (810000 centimes)', () => {
    const ticket = lines.map(([l]) => l);
    expect(ticketStake(ticket)).toBe(2500);
    expect(ticketWinnings(ticket, lots, opts)).toBe(810_000);
  });
});

describe('bolet', () => {
  const double = lotsFromResult({ pick3: '123', pick4: '4545' });

  it('pays each hit by default and the best hit only when not cumulative', () => {
    expect(boletHits('45', double)).toEqual([2, 3]);
    expect(winningsForLine({ code: 20, number: '45', stake: 100 }, double, opts)).toBe(3000);
    expect(winningsForLine({ code: 20, number: '45', stake: 100 }, double, { primes, boletCumulative: false })).toBe(
      2000,
    );
  });

  it('pays the prime of the lot position, with leading zeros', () => {
    const zeros = lotsFromResult({ pick3: '907', pick4: '0809' });
    expect(winningsForLine({ code: 20, number: '07', stake: 100 }, zeros, opts)).toBe(5000);
    expect(winningsForLine({ code: 20, number: '08', stake: 100 }, zeros, opts)).toBe(2000);
    expect(winningsForLine({ code: 20, number: '09', stake: 100 }, zeros, opts)).toBe(1000);
    expect(winningsForLine({ code: 20, number: '90', stake: 100 }, zeros, opts)).toBe(0);
  });
});

describe('mariage and loto', () => {
  it('mariage: both balls among the lots, any order; 45*45 needs 45 twice', () => {
    expect(winningsForLine({ code: 40, number: '23*45', stake: 100 }, lots, opts)).toBe(100_000);
    expect(winningsForLine({ code: 40, number: '45*23', stake: 100 }, lots, opts)).toBe(100_000);
    expect(winningsForLine({ code: 40, number: '23*99', stake: 100 }, lots, opts)).toBe(0);
    expect(winningsForLine({ code: 40, number: '45*45', stake: 100 }, lots, opts)).toBe(0);
    const double = lotsFromResult({ pick3: '123', pick4: '4545' });
    expect(winningsForLine({ code: 40, number: '45*45', stake: 100 }, double, opts)).toBe(100_000);
  });

  it('mariage gratuit pays the fixed amount, never stake × prime', () => {
    expect(winningsForLine({ code: 44, number: '67*45', stake: 0 }, lots, opts)).toBe(DEFAULT_FREE_MARIAGE_AMOUNT);
    expect(
      winningsForLine({ code: 44, number: '67*45', stake: 500 }, lots, { primes, freeMariageAmount: 50_000 }),
    ).toBe(50_000);
    expect(winningsForLine({ code: 44, number: '67*12', stake: 0 }, lots, opts)).toBe(0);
  });

  it('loto 3 needs the Pick 3 exactly', () => {
    expect(winningsForLine({ code: 30, number: '321', stake: 100 }, lots, opts)).toBe(0);
    const zeros = lotsFromResult({ pick3: '007', pick4: '4567' });
    expect(winningsForLine({ code: 30, number: '007', stake: 100 }, zeros, opts)).toBe(50_000);
  });

  it('loto 4 and loto 5 options follow the mapping', () => {
    const p = DEFAULT_PRIMES;
    expect(winningsForLine({ code: 42, number: '2345', stake: 100 }, lots, opts)).toBe(500_000);
    expect(winningsForLine({ code: 43, number: '2367', stake: 100 }, lots, opts)).toBe(500_000);
    expect(winningsForLine({ code: 51, number: '12345', stake: 100 }, lots, { primes: p })).toBe(2_500_000);
    expect(winningsForLine({ code: 52, number: '12367', stake: 100 }, lots, { primes: p })).toBe(2_500_000);
    expect(winningsForLine({ code: 53, number: '34567', stake: 100 }, lots, { primes: p })).toBe(2_500_000);
    expect(winningsForLine({ code: 53, number: '12345', stake: 100 }, lots, { primes: p })).toBe(0);
    const swapped: OptionMapping = { 1: ['lot1', 'lot2'], 2: ['lot2', 'lot3'], 3: ['lot1', 'lot3'] };
    expect(winningsForLine({ code: 41, number: '2345', stake: 100 }, lots, { primes, loto4Mapping: swapped })).toBe(
      500_000,
    );
    const broken: OptionMapping = { 1: ['lot1'], 2: ['lot1', 'lot2'], 3: ['lot1', 'lot3'] };
    expect(() =>
      winningsForLine({ code: 41, number: '2345', stake: 1 }, lots, { primes, loto4Mapping: broken }),
    ).toThrow(GameError);
  });

  it('uses the snapshot stored on the line first', () => {
    const line = { code: 30 as const, number: '123', stake: 100, primes: { 30: 600 } };
    expect(winningsForLine(line, lots, opts)).toBe(60_000);
  });

  it('refuses a missing or non-integer prime and an invalid stake', () => {
    expect(() => winningsForLine({ code: 30, number: '123', stake: 100 }, lots, { primes: {} })).toThrow(
      'Prime manquante pour le jeu 30',
    );
    expect(() => winningsForLine({ code: 30, number: '123', stake: 100 }, lots, { primes: { 30: 1.5 } })).toThrow(
      GameError,
    );
    expect(() => winningsForLine({ code: 20, number: '23', stake: 0.5 }, lots, opts)).toThrow(GameError);
    expect(() =>
      winningsForLine({ code: 30, number: '123', stake: Number.MAX_SAFE_INTEGER }, lots, { primes: { 30: 500 } }),
    ).toThrow('Le gain dépasse');
  });
});

describe('properties', () => {
  const ball = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
  const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
  const drawLots = fc.tuple(digits(3), digits(4)).map(([pick3, pick4]) => lotsFromResult({ pick3, pick4 }));
  const stake = fc.integer({ min: 0, max: 1_000_000_000 });
  const mult = fc.integer({ min: 0, max: 100_000 });
  const anyPrimes: fc.Arbitrary<Primes> = fc.record({
    20: fc.record({ 1: mult, 2: mult, 3: mult }),
    30: mult,
    40: mult,
    41: mult,
    42: mult,
    43: mult,
    51: mult,
    52: mult,
    53: mult,
  });

  it('a mariage and its reverse win together and pay the same', () => {
    fc.assert(
      fc.property(ball, ball, stake, drawLots, anyPrimes, fc.constantFrom<BetCode>(40, 44), (a, b, s, l, p, code) => {
        const w1 = winningsForLine({ code, number: `${a}*${b}`, stake: s }, l, { primes: p });
        const w2 = winningsForLine({ code, number: `${b}*${a}`, stake: s }, l, { primes: p });
        expect(w1).toBe(w2);
        expect(winningsForLine({ code, number: normaliseMariage(`${b}*${a}`), stake: s }, l, { primes: p })).toBe(w1);
      }),
    );
  });

  it('a mariage of two lots always wins', () => {
    fc.assert(
      fc.property(drawLots, fc.integer({ min: 1, max: 1000 }), (l, s) => {
        expect(winningsForLine({ code: 40, number: `${l.lot3}*${l.lot1}`, stake: s }, l, opts)).toBe(s * 1000);
      }),
    );
  });

  it('bolet: cumulative >= best hit', () => {
    fc.assert(
      fc.property(ball, stake, drawLots, anyPrimes, (n, s, l, p) => {
        const line = { code: 20 as const, number: n, stake: s };
        const cumulative = winningsForLine(line, l, { primes: p, boletCumulative: true });
        const best = winningsForLine(line, l, { primes: p, boletCumulative: false });
        expect(cumulative).toBeGreaterThanOrEqual(best);
        if (boletHits(n, l).length <= 1) expect(cumulative).toBe(best);
      }),
    );
  });

  const anyLine: fc.Arbitrary<PayoutLine> = fc.oneof(
    fc.record({ code: fc.constant<BetCode>(20), number: ball, stake }),
    fc.record({
      code: fc.constantFrom<BetCode>(40, 44),
      number: fc.tuple(ball, ball).map(([a, b]) => `${a}*${b}`),
      stake,
    }),
    fc.record({ code: fc.constant<BetCode>(30), number: digits(3), stake }),
    fc.record({ code: fc.constantFrom<BetCode>(41, 42, 43), number: digits(4), stake }),
    fc.record({ code: fc.constantFrom<BetCode>(51, 52, 53), number: digits(5), stake }),
  );

  it('winnings are non-negative safe integers, and a ticket pays the sum of its lines', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 10 }), drawLots, anyPrimes, fc.boolean(), (ls, l, p, cumulative) => {
        const o = { primes: p, boletCumulative: cumulative };
        let sum = 0;
        for (const line of ls) {
          const w = winningsForLine(line, l, o);
          expect(Number.isSafeInteger(w)).toBe(true);
          expect(w).toBeGreaterThanOrEqual(0);
          sum += w;
        }
        expect(ticketWinnings(ls, l, o)).toBe(sum);
      }),
    );
  });
});

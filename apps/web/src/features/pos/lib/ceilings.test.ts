import { DEFAULT_PRIMES } from '@borlette/shared/game/payout';
import { describe, expect, it } from 'vitest';
import { draftBreach } from './ceilings';
import type { DraftLine } from './ticket';

const primes = (tirage_id: number, loto3 = DEFAULT_PRIMES[30]) => ({
  tirage_id,
  bolet_1: 50,
  bolet_2: 20,
  bolet_3: 10,
  mariage: 1000,
  loto3,
  loto4_o1: 5000,
  loto4_o2: 5000,
  loto4_o3: 5000,
  loto5_o1: 25000,
  loto5_o2: 25000,
  loto5_o3: 25000,
});
const config = {
  intervals: [],
  ceilings: { ticket_max_lines: 3, ticket_max_draws: 2, line_max_stake: 10_000, ticket_max_payout: 1_000_000 },
  bolet_cumulative: true,
  free_mariage_amount: 100_000,
  draw_primes: [primes(1), primes(2, 1000)],
};
const line = (id: number, code: DraftLine['bet']['code'], stake: number): DraftLine => ({
  id,
  bet: { code, number: code === 30 ? '123' : '12', stake },
});

describe('the POS preview of the ticket bounds', () => {
  it('points at the line whose stake passes the maximum', () => {
    expect(draftBreach([line(7, 30, 100), line(9, 30, 10_001)], [1], config)).toEqual({
      breach: { kind: 'stake', line: 1, max: 10_000 },
      lineId: 9,
    });
  });

  it('counts lines and draws against the company’s maxima', () => {
    const four = [1, 2, 3, 4].map((i) => line(i, 20, 1));
    expect(draftBreach(four, [1], config)?.breach).toEqual({ kind: 'lines', max: 3 });
    expect(draftBreach([line(1, 20, 1)], [1, 2, 3], config)?.breach).toEqual({ kind: 'draws', max: 2 });
  });

  it('computes the payout with each draw’s primes, accepts exactly the maximum', () => {
    // 1 000 × 500 on draw 1 = 500 000; draw 2 pays loto 3 at 1000: 1 000 000 more.
    expect(draftBreach([line(1, 30, 1_000)], [1], config)).toBeNull();
    expect(draftBreach([line(1, 30, 1_000)], [1, 2], config)?.breach).toEqual({
      kind: 'payout',
      payout: 1_500_000n,
      max: 1_000_000,
    });
    expect(draftBreach([line(1, 30, 2_000)], [1], config)).toBeNull();
    expect(draftBreach([line(1, 30, 2_001)], [1], config)?.breach.kind).toBe('payout');
  });

  it('adds the free mariages the ticket earns, and leaves the payout to the server without the primes', () => {
    const free = { ...config, intervals: [{ min_amount: 1, max_amount: null, count: 2 }] };
    // 1 600 × 500 + 2 × 100 000 = 1 000 000 exactly: accepted; one centime of stake more: 500 over.
    expect(draftBreach([line(1, 30, 1_600)], [1], free)).toBeNull();
    expect(draftBreach([line(1, 30, 1_601)], [1], free)?.breach).toEqual({
      kind: 'payout',
      payout: 1_000_500n,
      max: 1_000_000,
    });
    expect(draftBreach([line(1, 30, 1_601)], [1], { ...free, draw_primes: [] })).toBeNull();
    expect(draftBreach([line(1, 30, 1)], [1], { intervals: [] })).toBeNull();
  });
});

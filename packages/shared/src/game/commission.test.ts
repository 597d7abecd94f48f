import { describe, expect, it } from 'vitest';
import { commissionGameOf, lineCommission, resolveCommissionRates, ticketCommission } from './commission';
import { commissionFor } from './money';

describe('commission per game', () => {
  it('maps every bet code to its game, the free mariage to none', () => {
    expect(commissionGameOf(20)).toBe('bolet');
    expect(commissionGameOf(40)).toBe('mariage');
    expect(commissionGameOf(30)).toBe('loto3');
    expect([41, 42, 43].map((c) => commissionGameOf(c as 41))).toEqual(['loto4', 'loto4', 'loto4']);
    expect([51, 52, 53].map((c) => commissionGameOf(c as 51))).toEqual(['loto5', 'loto5', 'loto5']);
    expect(commissionGameOf(44)).toBeNull();
  });

  it('takes the most specific level per game, else the single rate', () => {
    const agent = { bolet: 1500, mariage: null };
    const surcussale = { mariage: 1200, loto3: 0 };
    const company = { bolet: 800, mariage: 900, loto4: 700 };
    expect(resolveCommissionRates([agent, surcussale, company], 1000)).toEqual({
      bolet: 1500,
      mariage: 1200,
      loto3: 0, // zero is a rate, not « inherit »
      loto4: 700,
      loto5: 1000,
    });
    expect(resolveCommissionRates([], 1000)).toEqual({
      bolet: 1000,
      mariage: 1000,
      loto3: 1000,
      loto4: 1000,
      loto5: 1000,
    });
  });

  it('rounds each line half up and sums lines, then draws', () => {
    const rates = resolveCommissionRates([{ bolet: 1250, mariage: 333 }], 1000);
    expect(lineCommission(20, 1_002, rates)).toBe(125); // 125.25
    expect(lineCommission(20, 1_004, rates)).toBe(126); // 125.5 -> up
    expect(lineCommission(40, 150, rates)).toBe(5); // 4.995 -> 5
    expect(lineCommission(44, 0, rates)).toBe(0);
    const lines = [
      { code: 20 as const, stake: 1_004 },
      { code: 40 as const, stake: 150 },
      { code: 30 as const, stake: 5 }, // 0.5 -> 1 (the single rate)
    ];
    expect(ticketCommission(lines, 3, rates)).toEqual({ perDraw: 132, total: 396 });
  });

  it('a single rate everywhere gives the old per-draw figure when no line rounds', () => {
    const rates = resolveCommissionRates([], 1000);
    const lines = [
      { code: 20 as const, stake: 5_000 },
      { code: 41 as const, stake: 2_500 },
    ];
    expect(ticketCommission(lines, 2, rates).perDraw).toBe(commissionFor(7_500, 1000));
  });
});

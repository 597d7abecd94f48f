import type { Bet, BetCode } from '@borlette/shared/game/bets';
import { describe, expect, it } from 'vitest';
import {
  addBets,
  afterSale,
  buildSale,
  type Draft,
  EMPTY_DRAFT,
  freeMariagesPerDraw,
  keepTirages,
  perDrawAmount,
  refusedLines,
  removeLine,
  replaceLine,
  reviveDraft,
  saleKeyFor,
  saleSignature,
  ticketTotal,
  toggleTirage,
} from './ticket';

const b = (number: string, stake: number, code = 20): Bet => ({ code: code as BetCode, number, stake });

function draft(): Draft {
  let d = addBets(EMPTY_DRAFT, [b('23', 1000), b('12*34', 500, 40)]);
  d = toggleTirage(toggleTirage(d, 7), 3);
  return d;
}

describe('the ticket being typed', () => {
  it('numbers its lines and edits them in place', () => {
    let d = draft();
    expect(d.lines.map((l) => l.id)).toEqual([1, 2]);
    d = replaceLine(d, 1, [b('45', 200)]);
    expect(d.lines.map((l) => [l.id, l.bet.number])).toEqual([
      [3, '45'],
      [2, '12*34'],
    ]);
    d = removeLine(d, 2);
    expect(d.lines.map((l) => l.bet.number)).toEqual(['45']);
    expect(replaceLine(d, 99, [b('01', 100)]).lines).toHaveLength(2);
  });

  it('totals stakes × draws', () => {
    const d = draft();
    expect(perDrawAmount(d.lines)).toBe(1500);
    expect(ticketTotal(d.lines, d.tirages.length)).toBe(3000);
    expect(ticketTotal(d.lines, 0)).toBe(0);
  });

  it('previews the free mariages from the intervals, per draw amount', () => {
    const intervals = [
      { min_amount: 5000, max_amount: 9999, count: 1 },
      { min_amount: 10000, max_amount: null, count: 2 },
    ];
    expect(freeMariagesPerDraw(0, intervals)).toBe(0);
    expect(freeMariagesPerDraw(4999, intervals)).toBe(0);
    expect(freeMariagesPerDraw(5000, intervals)).toBe(1);
    expect(freeMariagesPerDraw(250000, intervals)).toBe(2);
    expect(freeMariagesPerDraw(5000, [])).toBe(0);
  });

  it('toggles draws and drops those that closed', () => {
    let d = draft();
    expect(d.tirages).toEqual([7, 3]);
    d = toggleTirage(d, 7);
    expect(d.tirages).toEqual([3]);
    expect(keepTirages(draft(), new Set([3])).tirages).toEqual([3]);
    const same = draft();
    expect(keepTirages(same, new Set([3, 7]))).toBe(same);
  });

  it('keeps the draws but not the lines sold nor the key after a sale', () => {
    const d = { ...draft(), pending: { key: 'k', signature: 's' } };
    expect(afterSale(d, d.lines)).toMatchObject({ lines: [], tirages: [7, 3], pending: null });
    const typedMeanwhile = addBets(d, [b('07', 100)]);
    expect(afterSale(typedMeanwhile, d.lines).lines.map((l) => l.bet.number)).toEqual(['07']);
  });
});

describe('the idempotency key', () => {
  it('is kept while the content is the same, whatever the order of the draws', () => {
    const d = draft();
    const sig = saleSignature(d.tirages, d.lines);
    expect(saleSignature([3, 7, 7], d.lines)).toBe(sig);
    let n = 0;
    const make = () => `key-${++n}`;
    const first = saleKeyFor(null, sig, make);
    expect(first).toEqual({ key: 'key-1', signature: sig });
    expect(saleKeyFor(first, sig, make)).toBe(first); // a retry after a network error
    const changed = saleSignature(d.tirages, removeLine(d, 2).lines);
    expect(saleKeyFor(first, changed, make).key).toBe('key-2'); // new content, new sale
    const stake = saleSignature(d.tirages, replaceLine(d, 1, [b('23', 1100)]).lines);
    expect(stake).not.toBe(sig);
  });

  it('builds the body of the sale', () => {
    const d = draft();
    expect(buildSale('abc12345', d.tirages, d.lines)).toEqual({
      idempotency_key: 'abc12345',
      tirages: [3, 7],
      lines: [
        { code: 20, number: '23', stake: 1000 },
        { code: 40, number: '12*34', stake: 500 },
      ],
    });
  });
});

describe('a refused sale', () => {
  it('maps fields lines.<i> onto the lines sent', () => {
    const d = draft();
    const m = refusedLines({ 'lines.1': '12*34 : maximum 2 HTG encore', tirages: 'x', 'lines.9': 'y' }, d.lines);
    expect([...m]).toEqual([[2, '12*34 : maximum 2 HTG encore']]);
    expect(refusedLines(undefined, d.lines).size).toBe(0);
  });
});

describe('a stored draft', () => {
  it('is revived only with a sane shape', () => {
    const d = { ...draft(), pending: { key: 'k1234567', signature: 's' } };
    expect(reviveDraft(JSON.parse(JSON.stringify(d)))).toEqual(d);
    expect(reviveDraft(null)).toBeNull();
    expect(reviveDraft({ lines: 'x' })).toBeNull();
    const bad = reviveDraft({
      lines: [{ id: 5, bet: { code: 20, number: '23', stake: -1 } }],
      tirages: [1, 'x'],
      nextId: 1,
    });
    expect(bad).toEqual({ lines: [], tirages: [1], nextId: 1, pending: null });
    const ids = reviveDraft({ lines: [{ id: 5, bet: b('23', 100) }], tirages: [], nextId: 2, pending: { key: 1 } });
    expect(ids?.nextId).toBe(6);
    expect(ids?.pending).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { blockedHits, blockedLines, typedNumber } from './blocked';

const blocks = [
  { number: '12', tirage_id: null }, // every draw
  { number: '34', tirage_id: 7 },
  { number: '123', tirage_id: 8 },
  { number: '45*67', tirage_id: null },
];

describe('blockedHits (the sale’s rule: borlette_sell)', () => {
  it('catches a bolet of the blocked number on every chosen draw when the block has no draw', () => {
    expect(blockedHits({ code: 20, number: '12' }, [7, 8], blocks)).toEqual([{ number: '12', tirageIds: [7, 8] }]);
    expect(blockedHits({ code: 20, number: '13' }, [7, 8], blocks)).toEqual([]);
  });

  it('catches a block of one draw only on that draw, and not when it is not chosen', () => {
    expect(blockedHits({ code: 20, number: '34' }, [7, 8], blocks)).toEqual([{ number: '34', tirageIds: [7] }]);
    expect(blockedHits({ code: 20, number: '34' }, [8], blocks)).toEqual([]);
    expect(blockedHits({ code: 30, number: '123' }, [8], blocks)).toEqual([{ number: '123', tirageIds: [8] }]);
  });

  it('catches a mariage by either ball, and by the pair itself', () => {
    expect(blockedHits({ code: 40, number: '12*34' }, [7], blocks)).toEqual([
      { number: '12', tirageIds: [7] },
      { number: '34', tirageIds: [7] },
    ]);
    expect(blockedHits({ code: 40, number: '45*67' }, [9], blocks)).toEqual([{ number: '45*67', tirageIds: [9] }]);
    // A ball of a mariage blocks the mariage, not a bolet of a pair's half nor a loto 3 containing it.
    expect(blockedHits({ code: 20, number: '45' }, [9], blocks)).toEqual([]);
    expect(blockedHits({ code: 30, number: '812' }, [7], blocks)).toEqual([]);
  });

  it('before any draw is chosen, flags only what is blocked on every draw', () => {
    expect(blockedHits({ code: 20, number: '12' }, [], blocks)).toEqual([{ number: '12', tirageIds: [] }]);
    expect(blockedHits({ code: 20, number: '34' }, [], blocks)).toEqual([]);
  });
});

describe('blockedLines', () => {
  it('maps each draft line with a blocked ball to its hits', () => {
    const lines = [
      { id: 1, bet: { code: 20 as const, number: '12', stake: 100 } },
      { id: 2, bet: { code: 20 as const, number: '55', stake: 100 } },
      { id: 3, bet: { code: 40 as const, number: '34*56', stake: 100 } },
    ];
    expect([...blockedLines(lines, [7], blocks)]).toEqual([
      [1, [{ number: '12', tirageIds: [7] }]],
      [3, [{ number: '34', tirageIds: [7] }]],
    ]);
    expect(blockedLines(lines, [7], undefined).size).toBe(0);
  });
});

describe('typedNumber', () => {
  it('reads the number of the bet being typed, with or without its stake', () => {
    expect(typedNumber('12')).toEqual({ code: 20, number: '12' });
    expect(typedNumber('23 10 ; 34 * 12 5')).toEqual({ code: 40, number: '12*34' });
    expect(typedNumber('4567 o1')).toEqual({ code: 20, number: '4567' });
  });

  it('is null while no whole number is typed', () => {
    expect(typedNumber('')).toBeNull();
    expect(typedNumber('1')).toBeNull();
    expect(typedNumber('23 10 ;')).toBeNull();
    expect(typedNumber('12*3')).toBeNull();
  });
});

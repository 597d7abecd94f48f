import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameError } from './errors';
import { cryptoRandom, drawFreePairs, type FreePairInterval, freePairsForAmount } from './free-pairs';

/** A deterministic generator (mulberry32) for the tests. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const ball = (n: number) => String(n).padStart(2, '0');

describe('drawFreePairs', () => {
  it('is deterministic for an injected random', () => {
    const a = drawFreePairs(3, { blocked: new Set(), random: seeded(42) });
    const b = drawFreePairs(3, { blocked: new Set(), random: seeded(42) });
    expect(a).toEqual(b);
    expect(a).toHaveLength(3);
    for (const p of a) expect(p).toMatch(/^\d{2}\*\d{2}$/);
  });

  it('draws the first pair for random() = 0', () => {
    expect(drawFreePairs(1, { blocked: new Set(['00']), random: () => 0 })).toEqual(['01*02']);
    expect(drawFreePairs(0, { blocked: new Set() })).toEqual([]);
  });

  it('uses crypto by default', () => {
    const r = cryptoRandom();
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThan(1);
    expect(drawFreePairs(2, { blocked: new Set() })).toHaveLength(2);
  });

  it('honours blocked balls, blocked mariages and pairs already on the ticket', () => {
    const blocked = new Set(Array.from({ length: 96 }, (_, i) => ball(i + 4))); // only 00-03 left: 6 pairs
    blocked.add('01*00');
    const pairs = drawFreePairs(4, { blocked, exclude: new Set(['03*02']), random: seeded(1) });
    expect(pairs.sort()).toEqual(['00*02', '00*03', '01*02', '01*03']);
  });

  it('throws a French error when impossible', () => {
    const blocked = new Set(Array.from({ length: 98 }, (_, i) => ball(i + 2))); // 00 and 01 left: 1 pair
    expect(() => drawFreePairs(2, { blocked })).toThrow(
      'Impossible de tirer 2 mariage(s) gratuit(s) : seulement 1 paire(s) disponible(s)',
    );
    expect(() => drawFreePairs(-1, { blocked: new Set() })).toThrow(GameError);
    expect(() => drawFreePairs(1, { blocked: new Set(), random: () => 1 })).toThrow(GameError);
  });

  it('never draws a blocked ball, a same-ball pair or a repeated pair (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 99 }).map(ball), { maxLength: 95 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer(),
        (blockedList, count, seed) => {
          const blocked = new Set(blockedList);
          const pairs = drawFreePairs(count, { blocked, random: seeded(seed) });
          expect(pairs).toHaveLength(count);
          expect(new Set(pairs).size).toBe(count);
          for (const p of pairs) {
            const [a, b] = p.split('*') as [string, string];
            expect(a < b).toBe(true);
            expect(blocked.has(a) || blocked.has(b)).toBe(false);
          }
        },
      ),
    );
  });

  it('can exhaust every available pair without repeating (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer(), (left, seed) => {
        const blocked = new Set(Array.from({ length: 100 - left }, (_, i) => ball(i + left)));
        const all = (left * (left - 1)) / 2;
        const pairs = drawFreePairs(all, { blocked, random: seeded(seed) });
        expect(new Set(pairs).size).toBe(all);
        expect(() => drawFreePairs(all + 1, { blocked, random: seeded(seed) })).toThrow(GameError);
      }),
      { numRuns: 30 },
    );
  });
});

describe('freePairsForAmount', () => {
  const intervals: FreePairInterval[] = [
    { min: 5000, max: 9999, count: 1 },
    { min: 10_000, max: 24_999, count: 2 },
    { min: 25_000, max: null, count: 3 },
  ];

  it.each([
    [0, 0],
    [4999, 0],
    [5000, 1],
    [9950, 1],
    [9999, 1],
    [10_000, 2],
    [24_999, 2],
    [25_000, 3],
    [10_000_000, 3],
  ])('%i centimes -> %i free pair(s)', (amount, count) => {
    expect(freePairsForAmount(amount, intervals)).toBe(count);
  });

  it('takes the largest count when intervals overlap, 0 without intervals', () => {
    expect(freePairsForAmount(10_000, [...intervals, { min: 9000, max: 11_000, count: 5 }])).toBe(5);
    expect(freePairsForAmount(10_000, [])).toBe(0);
  });

  it('refuses invalid amounts and intervals', () => {
    expect(() => freePairsForAmount(-1, intervals)).toThrow(GameError);
    expect(() => freePairsForAmount(100, [{ min: 200, max: 100, count: 1 }])).toThrow(
      'Intervalle invalide : le maximum (100) est inférieur au minimum (200)',
    );
  });
});

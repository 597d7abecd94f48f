import { describe, expect, it } from 'vitest';
import { typedMultiplier, workedExample } from './example';

const primes = {
  bolet_1: 50,
  bolet_2: 20,
  bolet_3: 10,
  mariage: 1000,
  loto3: 500,
  loto4_o1: 5000,
  loto5_o1: 25000,
};
const pays = (lines: ReturnType<typeof workedExample>) => Object.fromEntries(lines.map((l) => [l.key, l.pays]));

describe('workedExample', () => {
  it('multiplies the stake by each prime (10 HTG on bolet 23 at lot 1 pays 500 HTG)', () => {
    const p = pays(workedExample(1000, primes, { cumulative: true, freeMariage: 100_000 }));
    expect(p.bolet1).toBe(50_000);
    expect(p.bolet2).toBe(20_000);
    expect(p.bolet3).toBe(10_000);
    expect(p.mariage).toBe(1_000_000);
    expect(p.loto3).toBe(500_000);
    expect(p.loto4).toBe(5_000_000);
    expect(p.loto5).toBe(25_000_000);
    expect(p.free).toBe(100_000);
  });

  it('pays a bolet on two lots for each hit, or the best one only', () => {
    expect(pays(workedExample(1000, primes, { cumulative: true, freeMariage: 0 })).boletTwoLots).toBe(30_000);
    expect(pays(workedExample(1000, primes, { cumulative: false, freeMariage: 0 })).boletTwoLots).toBe(20_000);
  });

  it('leaves a line out (null) while its prime is missing', () => {
    const p = pays(workedExample(1000, { ...primes, bolet_2: null }, { cumulative: true, freeMariage: null }));
    expect(p.bolet2).toBeNull();
    expect(p.boletTwoLots).toBeNull();
    expect(p.free).toBeNull();
  });
});

describe('typedMultiplier', () => {
  it('reads whole numbers, with spaces, and nothing else', () => {
    expect(typedMultiplier('25 000')).toBe(25000);
    expect(typedMultiplier('60')).toBe(60);
    expect(typedMultiplier('')).toBeNull();
    expect(typedMultiplier('1,5')).toBeNull();
    expect(typedMultiplier(null)).toBeNull();
  });
});

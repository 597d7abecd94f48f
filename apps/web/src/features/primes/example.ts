import type { PrimeField } from '@borlette/shared/contracts/primes';

/** A multiplier as typed in the form: a whole number, or null (empty, not yet valid). */
export function typedMultiplier(v: unknown): number | null {
  const s = v === null || v === undefined ? '' : String(v).replace(/[\s\u00a0\u202f]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

export interface ExampleLine {
  key: 'bolet1' | 'bolet2' | 'bolet3' | 'boletTwoLots' | 'mariage' | 'loto3' | 'loto4' | 'loto5' | 'free';
  /** Centimes paid; null when a multiplier it needs is missing. */
  pays: number | null;
}

/**
 * The worked example of the prime screens: what a stake (centimes) pays on each game, with the
 * primes in force (own value, else the inherited one). docs/domain.md: results 123 / 4567 give lots
 * 23 · 45 · 67; a bolet 45 on lot 2 and lot 3 (Pick 4 4545) is paid for each hit, or the best only.
 */
export function workedExample(
  stake: number,
  primes: Partial<Record<PrimeField, number | null>>,
  opts: { cumulative: boolean | null; freeMariage: number | null },
): ExampleLine[] {
  const times = (p: number | null | undefined) => (p === null || p === undefined ? null : stake * p);
  const b2 = primes.bolet_2 ?? null;
  const b3 = primes.bolet_3 ?? null;
  const twoLots =
    b2 === null || b3 === null || opts.cumulative === null
      ? null
      : stake * (opts.cumulative ? b2 + b3 : Math.max(b2, b3));
  return [
    { key: 'bolet1', pays: times(primes.bolet_1) },
    { key: 'bolet2', pays: times(b2) },
    { key: 'bolet3', pays: times(b3) },
    { key: 'boletTwoLots', pays: twoLots },
    { key: 'mariage', pays: times(primes.mariage) },
    { key: 'loto3', pays: times(primes.loto3) },
    { key: 'loto4', pays: times(primes.loto4_o1) },
    { key: 'loto5', pays: times(primes.loto5_o1) },
    { key: 'free', pays: opts.freeMariage },
  ];
}

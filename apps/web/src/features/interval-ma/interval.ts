import type { IntervalMa } from '@borlette/shared/contracts/interval-ma';

/**
 * How many free mariages a ticket of `amount` centimes per draw gets: the active intervals
 * [min, max] holding it (max null = no upper bound); the largest count when they overlap.
 */
export function freeMariages(
  intervals: Pick<IntervalMa, 'min_amount' | 'max_amount' | 'count' | 'status'>[],
  amount: number,
): number {
  let best = 0;
  for (const i of intervals) {
    if (i.status !== 'active') continue;
    if (amount >= i.min_amount && (i.max_amount === null || amount <= i.max_amount)) best = Math.max(best, i.count);
  }
  return best;
}

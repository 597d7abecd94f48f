import {
  type TirageAutoAnswer,
  type TirageAutoInput,
  tirageAutoEndpoints,
} from '@borlette/shared/contracts/info-tirage';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** The platform's published results (superuser). */
export const TIRAGE_AUTO_KEY = ['tirage-auto'] as const;

export type OutcomeCounts = Record<TirageAutoAnswer['companies'][number]['outcome'], number>;

export function outcomeCounts(answer: TirageAutoAnswer): OutcomeCounts {
  const counts: OutcomeCounts = { settled: 0, corrected: 0, unchanged: 0, refused: 0 };
  for (const c of answer.companies) counts[c.outcome] += 1;
  return counts;
}

/**
 * Publish a source's result for a date: every company draw following it gets it and is settled.
 * Idempotent; companies whose paid tickets would change are refused unless `confirm`. The page shows
 * the per-company outcome and its own toast (a warning when some were refused).
 */
export function usePublishResult() {
  return useMutationWithToast({
    mutationFn: (v: TirageAutoInput) => call(tirageAutoEndpoints.publish, v),
    toastErrors: false,
    // Company-side views hold the new results too (when the superuser looks at one company).
    invalidate: [TIRAGE_AUTO_KEY, ['info-tirage'], ['tirages'], ['fiches']],
  });
}

import {
  type ResultConfirmInput,
  type ResultPollInput,
  type ResultsSettings,
  resultEndpoints,
} from '@borlette/shared/contracts/results';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export const RESULTS_KEY = ['results'] as const;

/** The board of a date; refreshed every 30 s (the poller works in the background). */
export function useResultBoard(date: string) {
  return useQuery({
    queryKey: [...RESULTS_KEY, 'board', date],
    queryFn: ({ signal }) => call(resultEndpoints.board, { date }, { signal }),
    refetchInterval: 30_000,
  });
}

export function useResultsSettings(enabled: boolean) {
  return useQuery({
    queryKey: [...RESULTS_KEY, 'settings'],
    queryFn: ({ signal }) => call(resultEndpoints.settings, undefined, { signal }),
    enabled,
  });
}

const invalidate = [RESULTS_KEY, ['tirage-auto'], ['info-tirage'], ['fiches']];

export function useConfirmResult() {
  const { t } = useTranslation('results');
  return useMutationWithToast({
    mutationFn: (v: ResultConfirmInput) => call(resultEndpoints.confirm, v),
    successMessage: (a) => t('toast.confirmed', { count: a.companies.length }),
    invalidate,
  });
}

export function usePollResults() {
  const { t } = useTranslation('results');
  return useMutationWithToast({
    mutationFn: (v: ResultPollInput) => call(resultEndpoints.poll, v),
    successMessage: (a) => t('toast.polled', { count: a.fetches }),
    invalidate,
  });
}

export function useSaveResultsSettings() {
  const { t } = useTranslation('results');
  return useMutationWithToast({
    mutationFn: (v: ResultsSettings) => call(resultEndpoints.saveSettings, v),
    successMessage: () => t('toast.settings'),
    invalidate: [RESULTS_KEY],
  });
}

import type { IntervalMa } from '@borlette/shared/contracts/interval-ma';
import type { Page } from '@borlette/shared/contracts/list';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';

/** Free mariage intervals (contracts/limits.ts « interval-ma »): the spec's endpoint names. */
export const INTERVAL_KEY = ['interval-ma'] as const;
export const INTERVAL_LIST_URL = '/api/companies/list-interval-ma';
const ADD_URL = '/api/companies/add-interval-ma';
const EDIT_URL = '/api/companies/edit-interval-ma';
const URL = '/api/companies/interval-ma';

export interface IntervalValues {
  min_amount: number;
  max_amount: number | null;
  count: number;
}

/** Every active interval (a company has a handful), for the worked example. */
export function useActiveIntervals() {
  return useQuery({
    queryKey: [...INTERVAL_KEY, 'active'],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<IntervalMa>>(INTERVAL_LIST_URL, {
          params: { status: 'active', page_size: 100 },
          signal,
        })
      ).results,
  });
}

/** « 100,00 HTG – 249,99 HTG » or « 250,00 HTG et plus ». */
export function useIntervalLabel(currency: string) {
  const { t, i18n } = useTranslation('limits');
  return (i: Pick<IntervalMa, 'min_amount' | 'max_amount'>) => {
    const min = formatMoney(i.min_amount, currency, i18n.language);
    return i.max_amount === null
      ? t('intervalMa.rangeOpen', { min })
      : t('intervalMa.range', { min, max: formatMoney(i.max_amount, currency, i18n.language) });
  };
}

const invalidate = [INTERVAL_KEY];

export function useSaveInterval(currency: string) {
  const { t } = useTranslation('limits');
  const label = useIntervalLabel(currency);
  return useMutationWithToast({
    mutationFn: (v: IntervalValues & { id?: number }) =>
      v.id ? api.put<IntervalMa>(EDIT_URL, v) : api.post<IntervalMa>(ADD_URL, v),
    successMessage: (i, v) => t(v.id ? 'intervalMa.toast.updated' : 'intervalMa.toast.created', { range: label(i) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockInterval(currency: string) {
  const { t } = useTranslation('limits');
  const label = useIntervalLabel(currency);
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<IntervalMa>(`${URL}/block`, v),
    successMessage: (i, v) =>
      t(v.blocked ? 'intervalMa.toast.blocked' : 'intervalMa.toast.unblocked', { range: label(i) }),
    invalidate,
  });
}

export function useDeleteInterval(currency: string) {
  const { t } = useTranslation('limits');
  const label = useIntervalLabel(currency);
  return useMutationWithToast({
    mutationFn: (i: IntervalMa) => api.delete<{ ok: true }>(URL, undefined, { params: { id: i.id } }),
    successMessage: (_, i) => t('intervalMa.toast.deleted', { range: label(i) }),
    invalidate,
  });
}

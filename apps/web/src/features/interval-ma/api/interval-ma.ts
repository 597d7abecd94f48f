import { type IntervalMa, intervalMaEndpoints } from '@borlette/shared/contracts/interval-ma';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';

/** Free mariage intervals (contracts/interval-ma.ts). */
export const INTERVAL_KEY = ['interval-ma'] as const;

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
      (await call(intervalMaEndpoints.list, { status: 'active', page_size: 100 }, { signal })).results,
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
      v.id ? call(intervalMaEndpoints.update, { ...v, id: v.id }) : call(intervalMaEndpoints.create, v),
    successMessage: (i, v) => t(v.id ? 'intervalMa.toast.updated' : 'intervalMa.toast.created', { range: label(i) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockInterval(currency: string) {
  const { t } = useTranslation('limits');
  const label = useIntervalLabel(currency);
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(intervalMaEndpoints.block, v),
    successMessage: (i, v) =>
      t(v.blocked ? 'intervalMa.toast.blocked' : 'intervalMa.toast.unblocked', { range: label(i) }),
    invalidate,
  });
}

export function useDeleteInterval(currency: string) {
  const { t } = useTranslation('limits');
  const label = useIntervalLabel(currency);
  return useMutationWithToast({
    mutationFn: (i: IntervalMa) => call(intervalMaEndpoints.remove, { id: i.id }),
    successMessage: (_, i) => t('intervalMa.toast.deleted', { range: label(i) }),
    invalidate,
  });
}

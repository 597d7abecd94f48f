import type { SortKey } from '@borlette/shared/contracts/list';
import {
  type LottoInput,
  type LottoOption,
  type LottoUpdate,
  lottoEndpoints,
  type lottoListQuery,
} from '@borlette/shared/contracts/lotto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key (info-tirage's option preview reads it too). */
export const LOTTO_KEY = ['lotto'] as const;

export type LottoSortKey = SortKey<typeof lottoListQuery>;

/** Screens of the feature (DASHBOARD_SCREENS). */
export const LOTTO_PATHS = {
  list: '/dashboard/borlette/lotto',
  new: '/dashboard/borlette/lotto/new',
  edit: (id: number) => `/dashboard/borlette/lotto/${id}/edit`,
} as const;

export const lottoQuery = (id: number) =>
  queryOptions({
    queryKey: [...LOTTO_KEY, 'detail', id],
    queryFn: ({ signal }) => call(lottoEndpoints.get, { id }, { signal }),
  });

export function useLottoOption(id: number | null) {
  return useQuery({ ...lottoQuery(id ?? 0), enabled: id !== null });
}

/** The codes the company already has (each code exists once): the creation form offers the others. */
export function useTakenCodes(enabled = true) {
  return useQuery({
    queryKey: [...LOTTO_KEY, 'codes'],
    queryFn: async ({ signal }) =>
      (await call(lottoEndpoints.list, { page_size: 100 }, { signal })).results.map((o) => o.code),
    enabled,
  });
}

/* ---- Writes ---- */

const invalidate = [LOTTO_KEY];

/** Forms show their errors inline: no error snackbar. */
export function useCreateLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: LottoInput) => call(lottoEndpoints.create, v),
    successMessage: (o) => t('toast.created', { name: o.label }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: LottoUpdate) => call(lottoEndpoints.update, v),
    successMessage: (o) => t('toast.updated', { name: o.label }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(lottoEndpoints.block, v),
    successMessage: (o, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: o.label }),
    invalidate,
  });
}

export function useDeleteLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (o: Pick<LottoOption, 'id' | 'label'>) => call(lottoEndpoints.remove, { id: o.id }),
    successMessage: (_, o) => t('toast.deleted', { name: o.label }),
    invalidate,
  });
}

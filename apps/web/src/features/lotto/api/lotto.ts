import type { Page } from '@borlette/shared/contracts/list';
import type { LottoInput, LottoOption, LottoUpdate } from '@borlette/shared/contracts/lotto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key (info-tirage's option preview reads it too). */
export const LOTTO_KEY = ['lotto'] as const;
export const LOTTO_LIST_URL = '/api/companies/list-lotto';
const BASE = '/api/companies/lotto';

/** Sort keys the list endpoint accepts (server whitelist). */
export const LOTTO_SORTS = { code: 'code', label: 'label', status: 'status', updated: 'updated_at' } as const;

/** Screens of the feature (DASHBOARD_SCREENS). */
export const LOTTO_PATHS = {
  list: '/dashboard/borlette/lotto',
  new: '/dashboard/borlette/lotto/new',
  edit: (id: number) => `/dashboard/borlette/lotto/${id}/edit`,
} as const;

export const lottoQuery = (id: number) =>
  queryOptions({
    queryKey: [...LOTTO_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<LottoOption>(BASE, { params: { id }, signal }),
  });

export function useLottoOption(id: number | null) {
  return useQuery({ ...lottoQuery(id ?? 0), enabled: id !== null });
}

/** The codes the company already has (each code exists once): the creation form offers the others. */
export function useTakenCodes(enabled = true) {
  return useQuery({
    queryKey: [...LOTTO_KEY, 'codes'],
    queryFn: async ({ signal }) =>
      (await api.get<Page<LottoOption>>(LOTTO_LIST_URL, { params: { page_size: 100 }, signal })).results.map(
        (o) => o.code,
      ),
    enabled,
  });
}

/* ---- Writes ---- */

const invalidate = [LOTTO_KEY];

/** Forms show their errors inline: no error snackbar. */
export function useCreateLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: LottoInput) => api.post<LottoOption>(BASE, v),
    successMessage: (o) => t('toast.created', { name: o.label }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: LottoUpdate) => api.put<LottoOption>(BASE, v),
    successMessage: (o) => t('toast.updated', { name: o.label }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<LottoOption>(`${BASE}/block`, v),
    successMessage: (o, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: o.label }),
    invalidate,
  });
}

export function useDeleteLotto() {
  const { t } = useTranslation('lotto');
  return useMutationWithToast({
    mutationFn: (o: Pick<LottoOption, 'id' | 'label'>) => api.delete<{ ok: true }>(BASE, { id: o.id }),
    successMessage: (_, o) => t('toast.deleted', { name: o.label }),
    invalidate,
  });
}

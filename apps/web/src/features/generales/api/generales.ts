import type { Generale, generaleInput, generaleUpdate } from '@borlette/shared/contracts/generales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

export type GeneraleValues = z.output<typeof generaleInput>;
export type GeneraleUpdateValues = z.output<typeof generaleUpdate>;

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const GENERALES_KEY = ['generales'] as const;
export const GENERALES_URL = '/api/generals/generales';

/** Sort keys the list endpoint accepts (server whitelist). */
export const GENERALE_SORTS = {
  name: 'name',
  username: 'username',
  status: 'status',
  lastLogin: 'last_login_at',
  created: 'created_at',
} as const;

export const generaleQuery = (id: number) =>
  queryOptions({
    queryKey: [...GENERALES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<Generale>(GENERALES_URL, { params: { id }, signal }),
  });

export function useGenerale(id: number | null) {
  return useQuery({ ...generaleQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [GENERALES_KEY];
const fullName = (g: Pick<Generale, 'first_name' | 'last_name' | 'username'>) =>
  `${g.first_name} ${g.last_name}`.trim() || g.username;

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (values: GeneraleValues) => api.post<Generale>(GENERALES_URL, values),
    successMessage: (g) => t('toast.created', { name: fullName(g) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (values: GeneraleUpdateValues) => api.put<Generale>(GENERALES_URL, values),
    successMessage: (g) => t('toast.updated', { name: fullName(g) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<Generale>(`${GENERALES_URL}/block`, v),
    successMessage: (g, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: fullName(g) }),
    invalidate,
  });
}

/** The dialog shows the error on its field: no snackbar for errors. */
export function useGeneralePassword() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      api.post<{ ok: true }>(`${GENERALES_URL}/password`, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}

/** DELETE archives the account (hidden from the list, sign-in refused, history kept). */
export function useArchiveGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (g: { id: number; name: string }) => api.delete<{ ok: true }>(GENERALES_URL, { id: g.id }),
    successMessage: (_, g) => t('toast.archived', { name: g.name }),
    invalidate,
  });
}

export { fullName };

import {
  type Generale,
  generaleEndpoints,
  type generaleInput,
  type generaleUpdate,
} from '@borlette/shared/contracts/generales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export type GeneraleValues = z.output<typeof generaleInput>;
export type GeneraleUpdateValues = z.output<typeof generaleUpdate>;

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const generaleKeys = {
  all: ['generales'] as const,
  detail: (id: number) => ['generales', 'detail', id] as const,
};

export const generaleQuery = (id: number) =>
  queryOptions({
    queryKey: generaleKeys.detail(id),
    // With `id`, the list endpoint answers the one account (never a page).
    queryFn: async ({ signal }): Promise<Generale> => {
      const found = await call(generaleEndpoints.list, { id }, { signal });
      if ('results' in found) throw new Error('generales: a page instead of one account');
      return found;
    },
  });

export function useGenerale(id: number | null) {
  return useQuery({ ...generaleQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [generaleKeys.all];
const fullName = (g: Pick<Generale, 'first_name' | 'last_name' | 'username'>) =>
  `${g.first_name} ${g.last_name}`.trim() || g.username;

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (values: GeneraleValues) => call(generaleEndpoints.create, values),
    successMessage: (g) => t('toast.created', { name: fullName(g) }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (values: GeneraleUpdateValues) => call(generaleEndpoints.update, values),
    successMessage: (g) => t('toast.updated', { name: fullName(g) }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(generaleEndpoints.block, v),
    successMessage: (g, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: fullName(g) }),
    invalidate,
  });
}

/** The dialog shows the error on its field: no snackbar for errors. */
export function useGeneralePassword() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      call(generaleEndpoints.password, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}

/** DELETE archives the account (hidden from the list, sign-in refused, history kept). */
export function useArchiveGenerale() {
  const { t } = useTranslation('generales');
  return useMutationWithToast({
    mutationFn: (g: { id: number; name: string }) => call(generaleEndpoints.archive, { id: g.id }),
    successMessage: (_, g) => t('toast.archived', { name: g.name }),
    invalidate,
  });
}

export { fullName };

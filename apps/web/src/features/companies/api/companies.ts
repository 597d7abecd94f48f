import { type Company, companyEndpoints } from '@borlette/shared/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const companyKeys = {
  all: ['companies'] as const,
  detail: (id: number) => ['companies', 'detail', id] as const,
};
/** The top bar's company selector (features/shell) lists them too: refreshed after each write. */
const SELECTOR_KEY = ['generals', 'simple-compagnies'] as const;

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    // With `id`, the list endpoint answers the one company (never a page).
    queryFn: async ({ signal }): Promise<Company> => {
      const found = await call(companyEndpoints.list, { id }, { signal });
      if ('results' in found) throw new Error('companies: a page instead of one company');
      return found;
    },
  });

export function useCompany(id: number | null) {
  return useQuery({ ...companyQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [companyKeys.all, SELECTOR_KEY];

/** Multipart (the logo). Forms show their errors inline (FormPage): no error snackbar. */
export function useSaveCompany(editing: boolean) {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (form: FormData) => call(editing ? companyEndpoints.update : companyEndpoints.create, form),
    successMessage: (c) => t(editing ? 'toast.updated' : 'toast.created', { name: c.name, ref: c.ref_code }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockCompany() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(companyEndpoints.block, v),
    successMessage: (c, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: c.name }),
    invalidate,
  });
}

/** The dialog shows the error on its field: no snackbar for errors. */
export function useCompanyAdminPassword() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      call(companyEndpoints.password, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}

/** The server refuses (409, French message) while the company has agents or users: the snackbar shows it. */
export function useDeleteCompany() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (c: Pick<Company, 'id' | 'name'>) => call(companyEndpoints.remove, { id: c.id }),
    successMessage: (_, c) => t('toast.deleted', { name: c.name }),
    invalidate,
  });
}

import type { Company } from '@borlette/shared/contracts/companies';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const COMPANIES_KEY = ['companies'] as const;
/** The top bar's company selector (features/shell) lists them too: refreshed after each write. */
const SELECTOR_KEY = ['generals', 'simple-compagnies'] as const;
export const COMPANIES_URL = '/api/generals/compagnies';

/** Sort keys the list endpoint accepts (server whitelist). */
export const COMPANY_SORTS = {
  name: 'name',
  refCode: 'ref_code',
  country: 'country',
  city: 'city',
  status: 'status',
  agents: 'agents_count',
  admin: 'admin_username',
  created: 'created_at',
} as const;

export const companyQuery = (id: number) =>
  queryOptions({
    queryKey: [...COMPANIES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<Company>(COMPANIES_URL, { params: { id }, signal }),
  });

export function useCompany(id: number | null) {
  return useQuery({ ...companyQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [COMPANIES_KEY, SELECTOR_KEY];

/** Multipart (the logo). Forms show their errors inline (FormPage): no error snackbar. */
export function useSaveCompany(editing: boolean) {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (form: FormData) =>
      editing ? api.put<Company>(COMPANIES_URL, form) : api.post<Company>(COMPANIES_URL, form),
    successMessage: (c) => t(editing ? 'toast.updated' : 'toast.created', { name: c.name, ref: c.ref_code }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockCompany() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<Company>(`${COMPANIES_URL}/block`, v),
    successMessage: (c, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: c.name }),
    invalidate,
  });
}

/** The dialog shows the error on its field: no snackbar for errors. */
export function useCompanyAdminPassword() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (v: { id: number; password: string; name: string }) =>
      api.post<{ ok: true }>(`${COMPANIES_URL}/password`, { id: v.id, password: v.password }),
    successMessage: (_, v) => t('toast.password', { name: v.name }),
    toastErrors: false,
  });
}

/** The server refuses (409, French message) while the company has agents or users: the snackbar shows it. */
export function useDeleteCompany() {
  const { t } = useTranslation('companies');
  return useMutationWithToast({
    mutationFn: (c: Pick<Company, 'id' | 'name'>) =>
      api.delete<{ ok: true }>('/api/generals/delete-company', { id: c.id }),
    successMessage: (_, c) => t('toast.deleted', { name: c.name }),
    invalidate,
  });
}

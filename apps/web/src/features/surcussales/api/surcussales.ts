import type { CurrentUser } from '@borlette/shared/contracts/auth';
import type { Page } from '@borlette/shared/contracts/list';
import type { Surcussale, surcussaleInput } from '@borlette/shared/contracts/surcussales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';

export type SurcussaleValues = z.output<typeof surcussaleInput>;

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const SURCUSSALES_KEY = ['surcussales'] as const;
export const SURCUSSALES_LIST_URL = '/api/companies/list-surcussale';
const BASE = '/api/companies/surcussale';

/** Sort keys the list endpoint accepts (server whitelist). */
export const SURCUSSALE_SORTS = { name: 'name', city: 'city', status: 'status', created: 'created_at' } as const;

export const surcussaleQuery = (id: number) =>
  queryOptions({
    queryKey: [...SURCUSSALES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<Surcussale>(BASE, { params: { id }, signal }),
  });

export function useSurcussale(id: number | null) {
  return useQuery({ ...surcussaleQuery(id ?? 0), enabled: id !== null });
}

/* ---- Reference lists of the form. Both endpoints belong to other features and may not exist yet:
 *      a failure (404...) simply hides the field, so no retry and no error message. ---- */

export interface Option {
  id: number;
  name: string;
}

type CityAnswer = Option[] | Page<Option>;

/** The company's country, when the session tells it (the superuser's chosen country otherwise). */
export function companyCountry(user: CurrentUser): string | undefined {
  const company = user.company as (CurrentUser['company'] & { country_code?: string | null }) | null;
  return company?.country_code ?? user.select_country_code ?? undefined;
}

export function useCities(country: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['generals', 'cities', country ?? null],
    queryFn: async ({ signal }) => {
      const data = await api.get<CityAnswer>('/api/generals/cities', { params: { country }, signal });
      const rows = Array.isArray(data) ? data : (data?.results ?? []);
      return rows.map((c) => ({ id: Number(c.id), name: String(c.name) }));
    },
    enabled,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

interface SupervisorRow {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
}

export function supervisorLabel(s: SupervisorRow): string {
  return s.name?.trim() || `${s.first_name ?? ''} ${s.last_name ?? ''}`.trim() || s.username || `#${s.id}`;
}

export function useSupervisorOptions(enabled = true) {
  return useQuery({
    queryKey: ['supervisors', 'options'],
    queryFn: async ({ signal }) => {
      const data = await api.get<Page<SupervisorRow> | SupervisorRow[]>('/api/companies/list-supervisor', {
        params: { page_size: 100 },
        signal,
      });
      const rows = Array.isArray(data) ? data : (data?.results ?? []);
      return rows.map((s) => ({ id: Number(s.id), name: supervisorLabel(s) }));
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/* ---- Writes ---- */

const invalidate = [SURCUSSALES_KEY];

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (values: SurcussaleValues) => api.post<Surcussale>(BASE, values),
    successMessage: (s) => t('toast.created', { name: s.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (values: SurcussaleValues & { id: number }) => api.put<Surcussale>(BASE, values),
    successMessage: (s) => t('toast.updated', { name: s.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => api.post<Surcussale>(`${BASE}/block`, v),
    successMessage: (s, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: s.name }),
    invalidate,
  });
}

/** The server refuses (409, French message) while agents are attached: the snackbar shows it. */
export function useDeleteSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (s: Pick<Surcussale, 'id' | 'name'>) => api.delete<{ ok: true }>(BASE, { id: s.id }),
    successMessage: (_, s) => t('toast.deleted', { name: s.name }),
    invalidate,
  });
}

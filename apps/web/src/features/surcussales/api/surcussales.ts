import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { countryEndpoints } from '@borlette/shared/contracts/countries';
import { supervisorEndpoints } from '@borlette/shared/contracts/supervisors';
import { type Surcussale, surcussaleEndpoints, type surcussaleInput } from '@borlette/shared/contracts/surcussales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';

export type SurcussaleValues = z.output<typeof surcussaleInput>;

/** Every query of the feature starts with this key: invalidating it refreshes lists and records. */
export const surcussaleKeys = {
  all: ['surcussales'] as const,
  detail: (id: number) => ['surcussales', 'detail', id] as const,
};

export const surcussaleQuery = (id: number) =>
  queryOptions({
    queryKey: surcussaleKeys.detail(id),
    queryFn: ({ signal }) => call(surcussaleEndpoints.get, { id }, { signal }),
  });

export function useSurcussale(id: number | null) {
  return useQuery({ ...surcussaleQuery(id ?? 0), enabled: id !== null });
}

/* ---- Reference lists of the form (a failure hides the field: no retry, no error message) ---- */

export interface Option {
  id: number;
  name: string;
}

/** The company's country, when the session tells it (the superuser's chosen country otherwise). */
export function companyCountry(user: CurrentUser): string | undefined {
  const company = user.company as (CurrentUser['company'] & { country_code?: string | null }) | null;
  return company?.country_code ?? user.select_country_code ?? undefined;
}

export function useCities(country: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['generals', 'cities', country ?? null],
    queryFn: async ({ signal }) => {
      const rows = await call(countryEndpoints.cities, { country }, { signal });
      return rows.map((c) => ({ id: c.id, name: c.name }));
    },
    enabled,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

interface SupervisorRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}

export function supervisorLabel(s: SupervisorRow): string {
  return `${s.first_name} ${s.last_name}`.trim() || s.username;
}

export function useSupervisorOptions(enabled = true) {
  return useQuery({
    queryKey: ['supervisors', 'options'],
    queryFn: async ({ signal }) => {
      const page = await call(supervisorEndpoints.list, { page_size: 100 }, { signal });
      return page.results.map((s) => ({ id: Number(s.id), name: supervisorLabel(s) }));
    },
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/* ---- Writes ---- */

const invalidate = [surcussaleKeys.all];

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useCreateSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (values: SurcussaleValues) => call(surcussaleEndpoints.create, values),
    successMessage: (s) => t('toast.created', { name: s.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useUpdateSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (values: SurcussaleValues & { id: number }) => call(surcussaleEndpoints.update, values),
    successMessage: (s) => t('toast.updated', { name: s.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useBlockSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (v: { id: number; blocked: boolean }) => call(surcussaleEndpoints.block, v),
    successMessage: (s, v) => t(v.blocked ? 'toast.blocked' : 'toast.unblocked', { name: s.name }),
    invalidate,
  });
}

/** The server refuses (409, French message) while agents are attached: the snackbar shows it. */
export function useDeleteSurcussale() {
  const { t } = useTranslation('surcussales');
  return useMutationWithToast({
    mutationFn: (s: Pick<Surcussale, 'id' | 'name'>) => call(surcussaleEndpoints.remove, { id: s.id }),
    successMessage: (_, s) => t('toast.deleted', { name: s.name }),
    invalidate,
  });
}

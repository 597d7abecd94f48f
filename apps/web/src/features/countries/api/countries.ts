import type { City, Country, CountryDetail } from '@borlette/shared/contracts/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { api } from '../../../lib/api-client';
import { CITIES_KEY, COUNTRIES_KEY } from '../../../lib/query-keys';

/** The top bar's country switcher (features/shell) and the cities lists: refreshed after each write. */
const SWITCHER_KEY = ['generals', 'countries'] as const;
export const COUNTRIES_URL = '/api/generals/countries';

/** Sort keys the list endpoint accepts (server whitelist). */
export const COUNTRY_SORTS = {
  name: 'name',
  code: 'name_code',
  currency: 'currency',
  timezone: 'timezone',
  cities: 'cities_count',
  companies: 'companies_count',
} as const;

export const countryQuery = (id: number) =>
  queryOptions({
    queryKey: [...COUNTRIES_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<CountryDetail>(COUNTRIES_URL, { params: { id }, signal }),
  });

export function useCountry(id: number | null) {
  return useQuery({ ...countryQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [COUNTRIES_KEY, SWITCHER_KEY, CITIES_KEY];

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useSaveCountry(editing: boolean) {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (form: FormData) =>
      editing ? api.put<CountryDetail>(COUNTRIES_URL, form) : api.post<CountryDetail>(COUNTRIES_URL, form),
    successMessage: (c) => t(editing ? 'toast.updated' : 'toast.created', { name: c.name }),
    toastErrors: false,
    invalidate,
  });
}

/** The server refuses (409, French message) while a company is in that country: the snackbar shows it. */
export function useDeleteCountry() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (c: Pick<Country, 'id' | 'name'>) =>
      api.delete<{ ok: true }>('/api/generals/delete-country', { id: c.id }),
    successMessage: (_, c) => t('toast.deleted', { name: c.name }),
    invalidate,
  });
}

export function useAddCity() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (v: { country_code: string; name: string }) => api.post<City>('/api/generals/cities', v),
    successMessage: (c) => t('toast.cityAdded', { name: c.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useDeleteCity() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (c: Pick<City, 'id' | 'name'>) => api.delete<{ ok: true }>('/api/generals/cities', { id: c.id }),
    successMessage: (_, c) => t('toast.cityDeleted', { name: c.name }),
    invalidate,
  });
}

import { type City, type Country, type CountryDetail, countryEndpoints } from '@borlette/shared/contracts/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../../components/use-mutation-with-toast';
import { call } from '../../../lib/api-client';
import { CITIES_KEY, COUNTRIES_KEY } from '../../../lib/query-keys';

/** The top bar's country switcher (features/shell) and the cities lists: refreshed after each write. */
const SWITCHER_KEY = ['generals', 'countries'] as const;

export const countryQuery = (id: number) =>
  queryOptions({
    queryKey: [...COUNTRIES_KEY, 'detail', id],
    // With `id`, the list endpoint answers that country and its cities.
    queryFn: async ({ signal }) => (await call(countryEndpoints.list, { id }, { signal })) as CountryDetail,
  });

export function useCountry(id: number | null) {
  return useQuery({ ...countryQuery(id ?? 0), enabled: id !== null });
}

const invalidate = [COUNTRIES_KEY, SWITCHER_KEY, CITIES_KEY];

/** Forms show their errors inline (FormPage): no error snackbar. */
export function useSaveCountry(editing: boolean) {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (form: FormData) => call(editing ? countryEndpoints.update : countryEndpoints.create, form),
    successMessage: (c) => t(editing ? 'toast.updated' : 'toast.created', { name: c.name }),
    toastErrors: false,
    invalidate,
  });
}

/** The server refuses (409, French message) while a company is in that country: the snackbar shows it. */
export function useDeleteCountry() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (c: Pick<Country, 'id' | 'name'>) => call(countryEndpoints.remove, { id: c.id }),
    successMessage: (_, c) => t('toast.deleted', { name: c.name }),
    invalidate,
  });
}

export function useAddCity() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (v: { country_code: string; name: string }) => call(countryEndpoints.addCity, v),
    successMessage: (c) => t('toast.cityAdded', { name: c.name }),
    toastErrors: false,
    invalidate,
  });
}

export function useDeleteCity() {
  const { t } = useTranslation('countries');
  return useMutationWithToast({
    mutationFn: (c: Pick<City, 'id' | 'name'>) => call(countryEndpoints.removeCity, { id: c.id }),
    successMessage: (_, c) => t('toast.cityDeleted', { name: c.name }),
    invalidate,
  });
}

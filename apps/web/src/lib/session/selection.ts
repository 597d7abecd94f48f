import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { type CountrySummary, countryEndpoints } from '@borlette/shared/contracts/countries';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../api-client';
import { useSession } from './use-session';

/** GET /api/generals/simple-compagnies entry (spec §3 "Company list entry"). */
export interface SimpleCompany {
  ref_code: string;
  companyname: string;
  user_photo: string | null;
}

/** The switcher's country (spec §3 "Country"); `flag` is an emoji, an uploaded image's URL, or null. */
export type Country = CountrySummary;

/** The value meaning "every company" / "every country" (spec §6: 'all', labelled 'Toutes'). */
export const ALL = 'all';

export const simpleCompaniesQuery = () =>
  queryOptions({
    queryKey: ['generals', 'simple-compagnies'],
    queryFn: ({ signal }) => api.get<SimpleCompany[]>('/api/generals/simple-compagnies', { signal }),
  });

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['generals', 'countries'],
    // Without list parameters, the countries endpoint answers the switcher's plain array.
    queryFn: async ({ signal }) => (await call(countryEndpoints.list, undefined, { signal })) as Country[],
  });

export function useSimpleCompanies(enabled: boolean) {
  return useQuery({ ...simpleCompaniesQuery(), enabled });
}

export function useCountries(enabled: boolean) {
  return useQuery({ ...countriesQuery(), enabled });
}

/** Spec §4: after a company or country choice the user is reloaded and every list refetched. */
function useRefreshAfterSelection() {
  const { replaceUser, reloadUser } = useSession();
  const client = useQueryClient();
  return async (user: CurrentUser) => {
    replaceUser(user);
    await Promise.all([reloadUser(), client.invalidateQueries()]);
  };
}

/** POST /api/generals/company {ref_code} (a company ref_code or 'all'). */
export function useSelectCompany() {
  const refresh = useRefreshAfterSelection();
  return useMutation({
    mutationFn: (refCode: string) => api.post<CurrentUser>('/api/generals/company', { ref_code: refCode }),
    onSuccess: refresh,
  });
}

/** POST /api/generals/country {country_code} (an ISO code or 'all'). */
export function useSelectCountry() {
  const refresh = useRefreshAfterSelection();
  return useMutation({
    mutationFn: (countryCode: string) => api.post<CurrentUser>('/api/generals/country', { country_code: countryCode }),
    onSuccess: refresh,
  });
}

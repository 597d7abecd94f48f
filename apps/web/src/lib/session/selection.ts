import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from './use-session';

/** GET /api/generals/simple-compagnies entry (spec §3 "Company list entry"). */
export interface SimpleCompany {
  ref_code: string;
  companyname: string;
  user_photo: string | null;
}

/** GET /api/generals/countries entry (spec §3 "Country"); `flag` is an emoji or null. */
export interface Country {
  name_code: string;
  name: string;
  flag: string | null;
}

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
    queryFn: ({ signal }) => api.get<Country[]>('/api/generals/countries', { signal }),
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

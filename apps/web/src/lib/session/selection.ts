import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { companyEndpoints } from '@borlette/shared/contracts/companies';
import { type CountrySummary, countryEndpoints } from '@borlette/shared/contracts/countries';
import { sessionEndpoints } from '@borlette/shared/contracts/session';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client';
import { useSession } from './use-session';

/** The company selector's entry (docs/spec.md §3 "Company list entry"). */
export type { SimpleCompany } from '@borlette/shared/contracts/companies';

/** The switcher's country (docs/spec.md §3 "Country"); `flag` is an emoji, an uploaded image's URL, or null. */
export type Country = CountrySummary;

/** The value meaning "every company" / "every country" (docs/spec.md §6: 'all', labelled 'Toutes'). */
export const ALL = 'all';

export const simpleCompaniesQuery = () =>
  queryOptions({
    queryKey: ['generals', 'simple-compagnies'],
    queryFn: ({ signal }) => call(companyEndpoints.simpleList, undefined, { signal }),
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

/** docs/spec.md §4: after a company or country choice the user is reloaded and every list refetched. */
function useRefreshAfterSelection() {
  const { replaceUser, reloadUser } = useSession();
  const client = useQueryClient();
  return async (user: CurrentUser) => {
    replaceUser(user);
    await Promise.all([reloadUser(), client.invalidateQueries()]);
  };
}

/** The company to act on: a company ref_code or 'all'. */
export function useSelectCompany() {
  const refresh = useRefreshAfterSelection();
  return useMutation({
    mutationFn: (refCode: string) => call(sessionEndpoints.selectCompany, { ref_code: refCode }),
    onSuccess: refresh,
  });
}

/** The country that filters the lists: an ISO code or 'all'. */
export function useSelectCountry() {
  const refresh = useRefreshAfterSelection();
  return useMutation({
    mutationFn: (countryCode: string) => call(sessionEndpoints.selectCountry, { country_code: countryCode }),
    onSuccess: refresh,
  });
}

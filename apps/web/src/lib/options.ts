import { agentEndpoints } from '@borlette/shared/contracts/agents';
import { type Country, countryEndpoints } from '@borlette/shared/contracts/countries';
import type { Page } from '@borlette/shared/contracts/list';
import { type DrawSource, type Tirage, tirageEndpoints } from '@borlette/shared/contracts/tirages';
import { sourceLabel, stateLabel } from '@borlette/shared/draw-states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from './api-client';
import { AGENTS_KEY, CITIES_KEY, COUNTRIES_KEY, TIRAGES_KEY } from './query-keys';

/**
 * The option lists of forms that several features show (an agent's sub-branches and supervisors,
 * countries and cities, draws and official sessions), under their owning feature's query key so its
 * writes refresh them.
 */

/** Sub-branches and supervisors this user may choose, and the company's default rate. */
export function useAgentOptions(enabled = true) {
  return useQuery({
    queryKey: [...AGENTS_KEY, 'options'],
    queryFn: ({ signal }) => call(agentEndpoints.options, undefined, { signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Every country with its currency and time zone (forms: company country select). */
export function useCountryOptions(enabled = true) {
  return useQuery({
    queryKey: [...COUNTRIES_KEY, 'options'],
    queryFn: async ({ signal }) =>
      // With `page`, the countries endpoint answers a page of the management list.
      ((await call(countryEndpoints.list, { page: 1, page_size: 100, sort: 'name' }, { signal })) as Page<Country>)
        .results,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The cities of a country (a company user only gets its own country's). */
export function useCountryCities(country: string | null | undefined) {
  return useQuery({
    queryKey: [...CITIES_KEY, country ?? null],
    queryFn: ({ signal }) => call(countryEndpoints.cities, { country: country ?? undefined }, { signal }),
    enabled: !!country,
    staleTime: 5 * 60_000,
  });
}

/** The official sessions (NY, FL, GA, TN, TX…), with their time today in the company's zone. */
export const drawSourcesQuery = () =>
  queryOptions({
    queryKey: ['draw-sources'],
    queryFn: ({ signal }) => call(tirageEndpoints.drawSources, undefined, { signal }),
    staleTime: 5 * 60_000,
  });

/** The sources with their state and name in the interface's language (« Floride Midi »). */
export function useDrawSources(enabled = true) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const select = useCallback(
    (list: DrawSource[]) =>
      list.map((s) => ({ ...s, state_name: stateLabel(s.state, language), name: sourceLabel(s.name, language) })),
    [language],
  );
  return useQuery({ ...drawSourcesQuery(), enabled, select });
}

export interface TirageOption {
  id: number;
  name: string;
  source_id: number | null;
  status: Tirage['status'];
}

/** The company's draws for a select (100 at most: a company has a few dozen at the very most). */
export function useTirageOptions(enabled = true) {
  return useQuery({
    queryKey: [...TIRAGES_KEY, 'options'],
    queryFn: async ({ signal }) => {
      const page = await call(tirageEndpoints.list, { page_size: 100, sort: 'name' }, { signal });
      return page.results.map(
        (t): TirageOption => ({ id: t.id, name: t.name, source_id: t.source_id, status: t.status }),
      );
    },
    enabled,
    staleTime: 60_000,
  });
}

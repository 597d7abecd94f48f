import type { Statistics } from '@borlette/shared/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

export const STATISTICS_KEY = ['statistics'] as const;
export const STATISTICS_URL = '/api/companies/statistiques';

export type StatisticsParams = Record<string, string | number | undefined>;

/** GET /api/companies/statistiques: sold per (game, number) with its limit, and the bolet grid. */
export function useStatistics(params: StatisticsParams) {
  return useQuery({
    queryKey: [...STATISTICS_KEY, params],
    queryFn: ({ signal }) => api.get<Statistics>(STATISTICS_URL, { params, signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2,
  });
}

import { statisticsEndpoints } from '@borlette/shared/contracts/statistics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';

export const STATISTICS_KEY = ['statistics'] as const;

export type StatisticsParams = Record<string, string | number | undefined>;

/** Sold per (game, number) with its limit, and the bolet grid. */
export function useStatistics(params: StatisticsParams) {
  return useQuery({
    queryKey: [...STATISTICS_KEY, params],
    // The URL's filters (strings) go as they are: the server's schema reads them.
    queryFn: ({ signal }) => call(statisticsEndpoints.numbers, params, { signal }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2,
  });
}

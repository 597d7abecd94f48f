import { reportEndpoints } from '@borlette/shared/contracts/reports';
import type { EndpointInput } from '@borlette/shared/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';
import { REPORTS_KEY } from '../../../lib/query-keys';

export type ReportParams = Record<string, string | number | undefined>;

export type ReportEndpoint = keyof typeof reportEndpoints;

/** A refusal (no permission, not found) is not asked again; a network error twice more. */
const retry = (count: number, error: unknown) =>
  !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2;

/** A report of the period: the figures stay on screen while the next filters load. */
function useReport<K extends ReportEndpoint>(endpoint: K, params: ReportParams, enabled = true) {
  return useQuery({
    queryKey: [...REPORTS_KEY, endpoint, params],
    // The URL's filters (strings) go as they are: the server's schema reads them.
    queryFn: ({ signal }) =>
      call(reportEndpoints[endpoint], params as EndpointInput<(typeof reportEndpoints)[K]>, { signal }),
    placeholderData: keepPreviousData,
    retry,
    enabled,
  });
}

/** The sales report and the partial reports (same answer shape). */
export const useSalesReport = (endpoint: Exclude<ReportEndpoint, 'agents'>, params: ReportParams, enabled = true) =>
  useReport(endpoint, params, enabled);

/** The agent control report. */
export const useAgentReport = (params: ReportParams) => useReport('agents', params);

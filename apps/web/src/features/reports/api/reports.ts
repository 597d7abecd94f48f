import type { AgentReport, SalesReport } from '@borlette/shared/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { REPORTS_KEY } from '../../../lib/query-keys';

export type ReportParams = Record<string, string | number | undefined>;

export const REPORT_URLS = {
  sales: '/api/companies/rapports',
  daily: '/api/companies/rapport-journalier',
  supervisors: '/api/companies/rapport-journalier-sup',
  supervisorAgents: '/api/companies/rapport-journalier-ag-sup',
  agents: '/api/companies/rapports-agent',
} as const;
export type ReportEndpoint = keyof typeof REPORT_URLS;

/** A refusal (no permission, not found) is not asked again; a network error twice more. */
const retry = (count: number, error: unknown) =>
  !(isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) && count < 2;

/** A report of the period: the figures stay on screen while the next filters load. */
function useReport<T>(endpoint: ReportEndpoint, params: ReportParams, enabled = true) {
  return useQuery({
    queryKey: [...REPORTS_KEY, endpoint, params],
    queryFn: ({ signal }) => api.get<T>(REPORT_URLS[endpoint], { params, signal }),
    placeholderData: keepPreviousData,
    retry,
    enabled,
  });
}

/** GET /api/companies/rapports and the partial reports (same answer shape). */
export const useSalesReport = (endpoint: Exclude<ReportEndpoint, 'agents'>, params: ReportParams, enabled = true) =>
  useReport<SalesReport>(endpoint, params, enabled);

/** GET /api/companies/rapports-agent. */
export const useAgentReport = (params: ReportParams) => useReport<AgentReport>('agents', params);

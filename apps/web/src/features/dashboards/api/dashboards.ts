import { type DashboardKpis, dashboardEndpoints } from '@borlette/shared/contracts/dashboards';
import type { LotGagnant } from '@borlette/shared/contracts/statistics';
import type { EndpointInput, EndpointOutput } from '@borlette/shared/endpoint';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api-client';

/**
 * The home board's calls (contracts/dashboards.ts) with the report filters. The board asks only
 * what the user may read (BOARD_SECTIONS: the access of its endpoint) and says what it hides; a section whose call
 * still answers 403 (rights changed meanwhile) is hidden too; 4xx are not retried (query-client.ts).
 */
export const DASHBOARD_KEY = ['dashboard'] as const;

export interface DashboardFilters {
  start_date: string;
  end_date: string;
  tirage_id?: number;
  surcussale_id?: number;
  /** « Toutes » over companies of several currencies: the one to read (the answers name theirs). */
  currency?: string;
}

/** The board's sections and the endpoint whose access each needs (the charts: one codename for all). */
export const BOARD_SECTIONS = {
  kpis: dashboardEndpoints.kpis,
  charts: dashboardEndpoints.daily,
  lots: dashboardEndpoints.winningLots,
} as const;
export type BoardSection = keyof typeof BOARD_SECTIONS;

export type { DailyRow, DrawRow, GameRow } from '@borlette/shared/contracts/dashboards';
export type { DashboardKpis, LotGagnant };

type Board = (typeof dashboardEndpoints)[keyof typeof dashboardEndpoints];

function dashboardQuery<E extends Board>(endpoint: E, filters: DashboardFilters, enabled: boolean) {
  return queryOptions({
    enabled,
    queryKey: [...DASHBOARD_KEY, endpoint.path, filters],
    // Every section takes the same query (contracts/dashboards.ts `dashboardQuery`).
    queryFn: ({ signal }): Promise<EndpointOutput<E>> => call(endpoint, { ...filters } as EndpointInput<E>, { signal }),
    // A new period keeps the previous figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

/** KPI cards, top agents and top sub-branches (view_app_report). */
export const useDashboardKpis = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery(dashboardEndpoints.kpis, f, enabled));
/**
 * Sales, commission, payouts, net per day (every day of the period). appGpc and appGain answer the
 * same rows under the same codename, so the board asks once and draws both charts from it.
 */
export const useDailySeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery(dashboardEndpoints.daily, f, enabled));
export const useDrawSeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery(dashboardEndpoints.draws, f, enabled));
export const useGameSeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery(dashboardEndpoints.games, f, enabled));
/** The winning lots of the period's last day. */
export const useWinningLots = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery(dashboardEndpoints.winningLots, f, enabled));

/** The server refuses the section to this user: hide it, say nothing. */
export const isForbidden = (error: unknown) => isApiError(error) && error.statusCode === 403;

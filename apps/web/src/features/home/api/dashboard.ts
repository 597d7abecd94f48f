import type {
  DashboardKpis,
  dailySeries,
  drawSeries,
  gameSeries,
  LotGagnant,
} from '@borlette/shared/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The home board's calls: GET /api/companies/<endpoint> with the report filters. A section whose
 * call answers 403 (the user lacks its codename) is hidden; 4xx are not retried (query-client.ts).
 */
export const DASHBOARD_KEY = ['dashboard'] as const;

export interface DashboardFilters {
  start_date: string;
  end_date: string;
  tirage_id?: number;
  surcussale_id?: number;
}

export type DailyRow = z.infer<typeof dailySeries>[number];
export type DrawRow = z.infer<typeof drawSeries>[number];
export type GameRow = z.infer<typeof gameSeries>[number];
export type { DashboardKpis, LotGagnant };

function dashboardQuery<T>(endpoint: string, filters: DashboardFilters) {
  return queryOptions({
    queryKey: [...DASHBOARD_KEY, endpoint, filters],
    queryFn: ({ signal }) => api.get<T>(`/api/companies/${endpoint}`, { params: { ...filters }, signal }),
    // A new period keeps the previous figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

/** KPI cards, top agents and top sub-branches (view_app_report). */
export const useDashboardKpis = (f: DashboardFilters) => useQuery(dashboardQuery<DashboardKpis>('app', f));
/**
 * Sales, commission, payouts, net per day (every day of the period). appGpc and appGain answer the
 * same rows under the same codename, so the board asks once and draws both charts from it.
 */
export const useDailySeries = (f: DashboardFilters) => useQuery(dashboardQuery<DailyRow[]>('app-journalier', f));
export const useDrawSeries = (f: DashboardFilters) => useQuery(dashboardQuery<DrawRow[]>('appTirage', f));
export const useGameSeries = (f: DashboardFilters) => useQuery(dashboardQuery<GameRow[]>('appLotto', f));
/** The winning lots of the period's last day. */
export const useWinningLots = (f: DashboardFilters) => useQuery(dashboardQuery<LotGagnant>('appTirage-lotgagnant', f));

/** The server refuses the section to this user: hide it, say nothing. */
export const isForbidden = (error: unknown) => isApiError(error) && error.statusCode === 403;

import type {
  DashboardKpis,
  dailySeries,
  drawSeries,
  gameSeries,
  LotGagnant,
} from '@borlette/shared/contracts/reports';
import type { Codename } from '@borlette/shared/permissions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client';

/**
 * The home board's calls: GET /api/companies/<endpoint> with the report filters. The board asks only
 * what the user may read (BOARD_SECTIONS: its codename) and says what it hides; a section whose call
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

/** The board's sections and the codename each needs (the server's access: dashboards.routes.ts). */
export const BOARD_SECTIONS = {
  kpis: 'view_app_report',
  charts: 'view_graphe',
  lots: 'view_app_lot_gagnant',
} as const satisfies Record<string, Codename>;
export type BoardSection = keyof typeof BOARD_SECTIONS;

export type DailyRow = z.infer<typeof dailySeries>[number];
export type DrawRow = z.infer<typeof drawSeries>[number];
export type GameRow = z.infer<typeof gameSeries>[number];
export type { DashboardKpis, LotGagnant };

function dashboardQuery<T>(endpoint: string, filters: DashboardFilters, enabled: boolean) {
  return queryOptions({
    enabled,
    queryKey: [...DASHBOARD_KEY, endpoint, filters],
    queryFn: ({ signal }) => api.get<T>(`/api/companies/${endpoint}`, { params: { ...filters }, signal }),
    // A new period keeps the previous figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

/** KPI cards, top agents and top sub-branches (view_app_report). */
export const useDashboardKpis = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery<DashboardKpis>('app', f, enabled));
/**
 * Sales, commission, payouts, net per day (every day of the period). appGpc and appGain answer the
 * same rows under the same codename, so the board asks once and draws both charts from it.
 */
export const useDailySeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery<DailyRow[]>('app-journalier', f, enabled));
export const useDrawSeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery<DrawRow[]>('appTirage', f, enabled));
export const useGameSeries = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery<GameRow[]>('appLotto', f, enabled));
/** The winning lots of the period's last day. */
export const useWinningLots = (f: DashboardFilters, enabled = true) =>
  useQuery(dashboardQuery<LotGagnant>('appTirage-lotgagnant', f, enabled));

/** The server refuses the section to this user: hide it, say nothing. */
export const isForbidden = (error: unknown) => isApiError(error) && error.statusCode === 403;

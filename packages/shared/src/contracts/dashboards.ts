import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { money } from './money';
import { currencyReportQuery, figures } from './reports';
import { lotGagnant } from './statistics';

/* ---- Dashboards: GET /api/companies/app… (view_app_report; charts view_graphe) ---- */
/**
 * app: KPI cards of the period; app-journalier: per day series; appTirage: per draw; appTirage-lotgagnant:
 * the winning lots of the period's last day; appFiche: tickets by status; appLotto: sales per game
 * (bet code) from the counters; appGain: wins and payouts per day; appGpc: gain / perte / commission per
 * day. Each takes the report filters; the superuser with « Toutes » gets the platform totals.
 */

export const dashboardQuery = currencyReportQuery;
/*
 * Answers: app -> dashboardKpis (view_app_report); app-journalier, appGain, appGpc -> dailySeries (one
 * row per day of the period, zeros included; GPC: gain = net, perte = payouts, commission);
 * appTirage -> drawSeries (draws with tickets); appLotto -> gameSeries (codes sold); appFiche ->
 * ficheStatusSeries (the six statuses, always in that order); all view_graphe; appTirage-lotgagnant
 * -> lotGagnant of the period's last day (view_app_lot_gagnant). `format` is ignored (JSON only).
 */
export const dashboardKpis = figures.extend({
  net: money,
  /**
   * The supervisors' commission on the period's sales (issue 20 §3; a supervisor: its own), as the
   * reports sum it; beside the agents' commission, not in `net` (the agents' balance).
   */
  supervisor_commission: money,
  active_agents: z.number().int(),
  /** The currency of every amount of the answer; `currencies`: those of the selection (currencyFilter). */
  currency: z.string(),
  currencies: z.array(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  top_agents: z.array(z.object({ id: z.number().int(), name: z.string(), sales: money })),
  top_surcussales: z.array(z.object({ id: z.number().int().nullable(), name: z.string(), sales: money })),
});
export type DashboardKpis = z.infer<typeof dashboardKpis>;
export const dailySeries = z.array(
  z.object({
    date: z.string(),
    sales: money,
    commission: money,
    payouts: money,
    wins: money,
    net: money,
    tickets: z.number().int(),
    winners: z.number().int(),
    paid: z.number().int(),
    currency: z.string(),
  }),
);
export const drawSeries = z.array(
  z.object({
    tirage_id: z.number().int(),
    name: z.string(),
    sales: money,
    wins: money,
    tickets: z.number().int(),
    currency: z.string(),
  }),
);
export const gameSeries = z.array(
  z.object({ code: z.number().int(), label: z.string(), sales: money, currency: z.string() }),
);
export const ficheStatusSeries = z.array(z.object({ status: z.string(), count: z.number().int() }));
export type DailyRow = z.infer<typeof dailySeries>[number];
export type DrawRow = z.infer<typeof drawSeries>[number];
export type GameRow = z.infer<typeof gameSeries>[number];

const tag = 'dashboards';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const board = <const C extends 'view_app_report' | 'view_graphe' | 'view_app_lot_gagnant', R extends z.ZodType>(
  path: string,
  permission: C,
  summary: string,
  response: R,
) =>
  endpoint({
    method: 'GET',
    path,
    tag,
    summary,
    description:
      'Période : start_date / end_date (jours de la compagnie ; par défaut aujourd’hui). Filtres : tirage_id, ' +
      'surcussale_id, agent_id ; currency (« Toutes » : la devise des montants, jamais additionnées entre ' +
      'devises). Montants en centimes, dans la devise que la réponse nomme.',
    access: allow.permission(permission),
    query: dashboardQuery,
    response,
    errors,
  });

/**
 * The home board (/dashboard/app) and its sections: the KPI cards need view_app_report, the charts
 * view_graphe, the winning lots view_app_lot_gagnant; the page itself needs none (routes.ts).
 * Period: start_date / end_date (default today); filters tirage_id, surcussale_id, agent_id; currency
 * (« Toutes »: the currency of the amounts, never added across currencies).
 */
export const dashboardEndpoints = {
  kpis: board(
    '/api/companies/app',
    'view_app_report',
    'Indicateurs de la période : ventes, paiements, commission, net, fiches, gagnantes, vendeurs actifs',
    dashboardKpis,
  ),
  daily: board(
    '/api/companies/app-journalier',
    'view_graphe',
    'Par jour : ventes, commission, paiements, gains, net, fiches',
    dailySeries,
  ),
  gains: board(
    '/api/companies/appGain',
    'view_graphe',
    'Par jour : gains des fiches (gagnantes) et paiements',
    dailySeries,
  ),
  gpc: board(
    '/api/companies/appGpc',
    'view_graphe',
    'Par jour : gain (net), perte (paiements), commission',
    dailySeries,
  ),
  draws: board('/api/companies/appTirage', 'view_graphe', 'Par tirage : ventes, gains, fiches', drawSeries),
  games: board(
    '/api/companies/appLotto',
    'view_graphe',
    'Ventes par jeu (code de pari), d’après les compteurs des limites',
    gameSeries,
  ),
  ficheStatuses: board('/api/companies/appFiche', 'view_graphe', 'Fiches de la période par statut', ficheStatusSeries),
  winningLots: board(
    '/api/companies/appTirage-lotgagnant',
    'view_app_lot_gagnant',
    'Lots gagnants du dernier jour de la période, avec fiches, gagnantes et gains',
    lotGagnant,
  ),
};

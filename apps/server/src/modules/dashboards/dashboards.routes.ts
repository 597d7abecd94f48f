import { errorBody } from '@borlette/shared/contracts/common';
import {
  dailySeries,
  dashboardKpis,
  dashboardQuery,
  drawSeries,
  ficheStatusSeries,
  gameSeries,
  lotGagnant,
} from '@borlette/shared/contracts/reports';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { Codename } from '@borlette/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { RawClient } from '../../db/client';
import { access } from '../../http/access';
import { type CurrencyPeriod, resolveCurrencyPeriod } from '../_lib/currency-scope';
import type { ReportFilterValues } from '../_lib/report-scope';
import { soldPerGame } from '../statistics/counters';
import { lotGagnantRows } from '../statistics/lotgagnant';
import { dailyFigures, drawFigures, ficheStatuses, dashboardKpis as loadKpis } from './dashboards.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['dashboards'];
const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);

type Loader = (
  raw: RawClient,
  request: Parameters<typeof loadKpis>[1],
  q: ReportFilterValues,
  p: CurrencyPeriod,
) => unknown;

interface Board {
  path: string;
  permission: Codename;
  summary: string;
  response: z.ZodType;
  load: Loader;
}

/**
 * The home board (/dashboard/app) and its sections. Access: the KPI cards need view_app_report, the
 * charts view_graphe, the winning lots view_app_lot_gagnant; the page itself needs none (routes.ts),
 * and the web hides a section the server refuses (403). Every section takes the report filters
 * (period, default today; draw, sub-branch, agent); a supervisor sees only its agents; the superuser
 * with « Toutes » sees the platform's totals (every company of its selected country), one currency at a
 * time (`currency`, currency-scope.ts): amounts are never added across currencies.
 */
const BOARDS: Board[] = [
  {
    path: 'app',
    permission: 'view_app_report',
    summary: 'Indicateurs de la période : ventes, paiements, commission, net, fiches, gagnantes, vendeurs actifs',
    response: dashboardKpis,
    load: loadKpis,
  },
  {
    path: 'app-journalier',
    permission: 'view_graphe',
    summary: 'Par jour : ventes, commission, paiements, gains, net, fiches',
    response: dailySeries,
    load: dailyFigures,
  },
  {
    path: 'appGain',
    permission: 'view_graphe',
    summary: 'Par jour : gains des fiches (gagnantes) et paiements',
    response: dailySeries,
    load: dailyFigures,
  },
  {
    path: 'appGpc',
    permission: 'view_graphe',
    summary: 'Par jour : gain (net), perte (paiements), commission',
    response: dailySeries,
    load: dailyFigures,
  },
  {
    path: 'appTirage',
    permission: 'view_graphe',
    summary: 'Par tirage : ventes, gains, fiches',
    response: drawSeries,
    load: drawFigures,
  },
  {
    path: 'appLotto',
    permission: 'view_graphe',
    summary: 'Ventes par jeu (code de pari), d’après les compteurs des limites',
    response: gameSeries,
    load: async (raw, request, q, p) =>
      (await soldPerGame(raw, request, q, p)).map((r) => ({ ...r, label: gameLabel(r.code), currency: p.currency })),
  },
  {
    path: 'appFiche',
    permission: 'view_graphe',
    summary: 'Fiches de la période par statut',
    response: ficheStatusSeries,
    load: ficheStatuses,
  },
  {
    path: 'appTirage-lotgagnant',
    permission: 'view_app_lot_gagnant',
    summary: 'Lots gagnants du dernier jour de la période, avec fiches, gagnantes et gains',
    response: lotGagnant,
    load: async (raw, request, q, p) => {
      const day = { ...p, start: p.end };
      return { rows: await lotGagnantRows(raw, request, q, day), currency: p.currency };
    },
  },
];

export const dashboardsRoutes =
  ({ database, reportsDatabase }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read-only: served by the reports replica when one is configured (REPORTS_DATABASE_URL).
    const { raw } = reportsDatabase ?? database;
    for (const board of BOARDS) {
      app.get(
        `/api/companies/${board.path}`,
        {
          config: access.permission(board.permission),
          schema: {
            tags,
            summary: board.summary,
            description:
              'Période : start_date / end_date (jours de la compagnie ; par défaut aujourd’hui). Filtres : tirage_id, ' +
              'surcussale_id, agent_id ; currency (« Toutes » : la devise des montants, jamais additionnées entre ' +
              'devises). Montants en centimes, dans la devise que la réponse nomme.',
            querystring: dashboardQuery,
            response: { 200: board.response, ...errors },
          },
        },
        async (request) => {
          const q = request.query;
          const period = await resolveCurrencyPeriod(raw, request, q);
          return board.load(raw, request, q, period);
        },
      );
    }
  };

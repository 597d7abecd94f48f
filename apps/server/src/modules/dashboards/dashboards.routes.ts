import { dashboardEndpoints as api } from '@borlette/shared/contracts/dashboards';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { resolveCurrencyPeriod } from '../_lib/currency-scope';
import { soldPerGame } from '../statistics/counters';
import { lotGagnantRows } from '../statistics/lotgagnant';
import { dailyFigures, drawFigures, ficheStatuses, dashboardKpis as loadKpis } from './dashboards-query';

const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);

/**
 * The home board (/dashboard/app) and its sections (contracts/dashboards.ts). The web hides a section
 * the server refuses (403). Every section takes the report filters (period, default today; draw,
 * sub-branch, agent); a supervisor sees only its agents; the superuser with « Toutes » sees the
 * platform's totals (every company of its selected country), one currency at a time (`currency`,
 * currency-scope.ts): amounts are never added across currencies.
 */
export const dashboardsRoutes =
  ({ database, reportsDatabase }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read-only: served by the reports replica when one is configured (REPORTS_DATABASE_URL).
    const { raw } = reportsDatabase ?? database;
    const period = (request: Parameters<typeof resolveCurrencyPeriod>[1], q: { currency?: string }) =>
      resolveCurrencyPeriod(raw, request, q);

    route(app, api.kpis, async (r) => loadKpis(raw, r, r.query, await period(r, r.query)));
    // Three views of the same days (the web draws appGain and appGpc from app-journalier).
    for (const daily of [api.daily, api.gains, api.gpc]) {
      route(app, daily, async (r) => dailyFigures(raw, r, r.query, await period(r, r.query)));
    }
    route(app, api.draws, async (r) => drawFigures(raw, r, r.query, await period(r, r.query)));
    route(app, api.games, async (r) => {
      const p = await period(r, r.query);
      return (await soldPerGame(raw, r, r.query, p)).map((g) => ({
        ...g,
        label: gameLabel(g.code),
        currency: p.currency,
      }));
    });
    route(app, api.ficheStatuses, async (r) => ficheStatuses(raw, r, r.query, await period(r, r.query)));
    route(app, api.winningLots, async (r) => {
      const p = await period(r, r.query);
      const day = { ...p, start: p.end };
      return { rows: await lotGagnantRows(raw, r, r.query, day), currency: p.currency };
    });
  };

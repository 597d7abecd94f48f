import { errorBody } from '@borlette/shared/contracts/common';
import {
  dashboardQuery,
  lotGagnant,
  type Statistics,
  statistics,
  statisticsQuery,
} from '@borlette/shared/contracts/reports';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { resolveCurrencyPeriod } from '../_lib/currency-scope';
import { type CsvColumn, sendCsv } from '../_lib/list';
import { money } from '../_lib/report-scope';
import { blockedBalls } from './blocked-balls';
import { everyNumber, soldPerNumber } from './counters';
import { lotGagnantCsv, lotGagnantRows } from './lotgagnant';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);
const BALLS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

type StatisticsRow = Statistics['rows'][number];
/** The columns of the export; the amounts' currency on every row (one per answer: currency-scope.ts). */
const statisticsCsv = (currency: string): CsvColumn<StatisticsRow>[] => [
  { header: 'Jeu', value: (r) => gameLabel(r.code) },
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Montant vendu', value: (r) => money(r.amount) },
  { header: 'Limite', value: (r) => money(r.limit) },
  { header: 'Devise', value: () => currency },
];

const FILTERS =
  'Période : start_date / end_date (jours de la compagnie ; par défaut aujourd’hui ; une seule borne : ce jour). ' +
  'Filtres : tirage_id, surcussale_id, agent_id. Un superviseur ne voit que ses vendeurs ; le superadmin avec ' +
  '« Toutes » voit toutes les compagnies du pays choisi, une devise à la fois (currency ; par défaut celle du pays). ' +
  'format=csv : export.';

/** Exposure per number (statistiques) and the winning lots of the period (lotgagnant). */
export const statisticsRoutes =
  ({ database, reportsDatabase }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read-only: served by the reports replica when one is configured (REPORTS_DATABASE_URL).
    const reads = reportsDatabase ?? database;
    const { raw } = reads;

    app.get(
      '/api/companies/statistiques',
      {
        config: access.permission('view_statistique'),
        schema: {
          tags: ['statistiques'],
          summary: 'Montant vendu par numéro et par jeu, avec la limite de la compagnie (grille bolet 00-99)',
          description: `${FILTERS} lotto_id : un jeu (20, 30, 40, 41-43, 51-53). Le tableau est paginé (page, page_size ≤ 500, le plus gros montant d’abord) et cherché sur les chiffres du numéro (search) ; le total, le nombre de numéros, le plus joué, le plus exposé et la grille bolet portent sur tous les numéros ; le CSV aussi.`,
          querystring: statisticsQuery,
          response: { 200: statistics, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const period = await resolveCurrencyPeriod(raw, request, q);
        if (q.format === 'csv')
          return sendCsv(
            reply,
            'statistiques',
            statisticsCsv(period.currency),
            await everyNumber(reads, request, q, period),
          );
        const found = await soldPerNumber(reads, request, q, period);
        const bolet = new Map(found.bolet.map((b) => [b.number, b]));
        const blocked = await blockedBalls(raw, request, q, period);
        return {
          start_date: period.start,
          end_date: period.end,
          currency: period.currency,
          currencies: period.currencies,
          rows: found.rows,
          count: found.count,
          page: q.page,
          page_size: q.page_size,
          numbers: found.numbers,
          top: found.top,
          exposed: found.exposed,
          bolet: BALLS.map((number) => ({
            number,
            amount: bolet.get(number)?.amount ?? 0,
            limit: bolet.get(number)?.limit ?? null,
            blocked: blocked.get(number) ?? null,
          })),
          total: found.total,
        };
      },
    );

    app.get(
      '/api/companies/lotgagnant',
      {
        config: access.permission('view_lot_gagnant_partiel'),
        schema: {
          tags: ['statistiques'],
          summary: 'Lots gagnants par tirage et date de la période, avec fiches, fiches gagnantes et gains',
          description: FILTERS,
          querystring: dashboardQuery,
          response: { 200: lotGagnant, ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const period = await resolveCurrencyPeriod(raw, request, q);
        const rows = await lotGagnantRows(raw, request, q, period);
        if (q.format === 'csv') return sendCsv(reply, 'lots-gagnants', lotGagnantCsv, rows);
        return { rows, currency: period.currency };
      },
    );
  };

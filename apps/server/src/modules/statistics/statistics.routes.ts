import { centimesCell } from '@borlette/shared/contracts/money';
import { statisticsEndpoints as api, type Statistics } from '@borlette/shared/contracts/statistics';
import { BET_TYPES, type BetCode } from '@borlette/shared/game/bets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { resolveCurrencyPeriod } from '../_lib/currency-scope';
import { type CsvColumn, sendCsv } from '../_lib/list';
import { blockedBalls } from './blocked-balls';
import { everyNumber, soldPerNumber } from './counters';
import { lotGagnantCsv, lotGagnantRows } from './lotgagnant';

const gameLabel = (code: number) => BET_TYPES[code as BetCode]?.label ?? String(code);
const BALLS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

type StatisticsRow = Statistics['rows'][number];
/** The columns of the export; the amounts' currency on every row (one per answer: currency-scope.ts). */
const statisticsCsv = (currency: string): CsvColumn<StatisticsRow>[] => [
  { header: 'Jeu', value: (r) => gameLabel(r.code) },
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Montant vendu', value: (r) => centimesCell(r.amount) },
  { header: 'Limite', value: (r) => centimesCell(r.limit) },
  { header: 'Devise', value: () => currency },
];

/** Exposure per number (statistiques) and the winning lots of the period (lotgagnant). */
export const statisticsRoutes =
  ({ database, reportsDatabase }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Read-only: served by the reports replica when one is configured (REPORTS_DATABASE_URL).
    const reads = reportsDatabase ?? database;
    const { raw } = reads;

    route(app, api.numbers, async (request, reply) => {
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
    });

    route(app, api.lotGagnant, async (request, reply) => {
      const q = request.query;
      const period = await resolveCurrencyPeriod(raw, request, q);
      const rows = await lotGagnantRows(raw, request, q, period);
      if (q.format === 'csv') return sendCsv(reply, 'lots-gagnants', lotGagnantCsv, rows);
      return { rows, currency: period.currency };
    });
  };

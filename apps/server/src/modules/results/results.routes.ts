import type { ResultFetchRow, ResultHistoryRow } from '@borlette/shared/contracts/results';
import { resultEndpoints as api } from '@borlette/shared/contracts/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { confirmResult, pollNow, saveSettings } from './results.service';
import { board, fetchList, getSettings, historyList, pendingResults } from './results-query';

const historyCsv: CsvColumn<ResultHistoryRow>[] = [
  { header: 'Date', value: (r) => r.draw_date },
  { header: 'Source', value: (r) => r.source_name },
  { header: 'État', value: (r) => r.state },
  { header: 'Pick 3', value: (r) => r.pick3 },
  { header: 'Pick 4', value: (r) => r.pick4 },
  { header: 'Sources', value: (r) => r.sources.join(' ') },
  { header: 'Arrivé le', value: (r) => r.arrived_at },
  { header: 'Décidé par', value: (r) => r.decided_by },
  { header: 'Version', value: (r) => r.applied_version },
  { header: 'Compagnies', value: (r) => r.applied_companies },
];

const fetchCsv: CsvColumn<ResultFetchRow>[] = [
  { header: 'Le', value: (r) => r.at },
  { header: 'Source', value: (r) => r.provider_code },
  { header: 'Dates', value: (r) => r.dates.join(' ') },
  { header: 'HTTP', value: (r) => r.http_status },
  { header: 'Issue', value: (r) => r.outcome },
  { header: 'Résultats', value: (r) => r.observations },
  { header: 'Problèmes', value: (r) => r.problems.join(' | ') },
  { header: 'Durée (ms)', value: (r) => r.duration_ms },
];

/** The official results pipeline (contracts/results.ts): board, confirm, re-poll, history, fetch log, settings. */
export const resultsRoutes =
  ({ database, resultSources }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.board, async (request) => board(raw, request.query.date));
    route(app, api.confirm, async (request) => confirmResult(database, contextOf(request), request.body));
    route(app, api.poll, async (request) => pollNow({ database, ...resultSources }, contextOf(request), request.body));

    route(app, api.history, async (request, reply) => {
      const q = request.query;
      const list = historyList(q);
      if (q.format === 'csv') return sendCsv(reply, 'resultats', historyCsv, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });
    route(app, api.fetches, async (request, reply) => {
      const q = request.query;
      const list = fetchList(q);
      if (q.format === 'csv') return sendCsv(reply, 'resultats-requetes', fetchCsv, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });

    route(app, api.pending, async (request) => pendingResults(raw, companyScope(contextOf(request))));
    route(app, api.settings, async () => getSettings(raw));
    route(app, api.saveSettings, async (request) => saveSettings(database, contextOf(request), request.body));
  };

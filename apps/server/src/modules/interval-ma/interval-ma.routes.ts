import { intervalMaEndpoints as api, type IntervalMa } from '@borlette/shared/contracts/interval-ma';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { blockInterval, createInterval, deleteInterval, updateInterval } from './interval-ma.service';
import { intervalList, withoutCompany } from './interval-ma-query';

/** French spreadsheets: decimal comma. */

const csvColumns: CsvColumn<IntervalMa>[] = [
  { header: 'Montant minimum', value: (r) => centimesCell(r.min_amount) },
  { header: 'Montant maximum', value: (r) => (r.max_amount === null ? 'Sans maximum' : centimesCell(r.max_amount)) },
  { header: 'Mariages gratuits', value: (r) => r.count },
  { header: 'Statut', value: (r) => (r.status === 'active' ? 'actif' : 'suspendu') },
  { header: 'Modifié le', value: (r) => r.updated_at },
];

/**
 * Free mariage intervals. The spec gates the screen with add_typegame (so the list too); changes and
 * deletions need change_typegame, the suspend toggle mariage_free. Intervals may overlap: the sale
 * gives the largest count among those containing the amount (see interval-ma.service.ts).
 */
export const intervalMaRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = intervalList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'mariages-gratuits', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.create, async (request) =>
      createInterval(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...values } = request.body;
      return updateInterval(database, contextOf(request), companyForWrite(request), id, values);
    });

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      await deleteInterval(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockInterval(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

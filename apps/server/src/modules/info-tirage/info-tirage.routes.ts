import { infoTirageEndpoints as api, type InfoTirage } from '@borlette/shared/contracts/info-tirage';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { correctInfoTirage, enterInfoTirage, withdrawInfoTirage } from './info-tirage.service';
import { getInfoTirage, infoTirageList, withLots } from './info-tirage-query';

const csvColumns: CsvColumn<InfoTirage>[] = [
  { header: 'Date', value: (r) => r.draw_date },
  { header: 'Tirage', value: (r) => r.tirage_name },
  { header: 'Pick 3', value: (r) => r.pick3 },
  { header: 'Pick 4', value: (r) => r.pick4 },
  { header: '1er lot', value: (r) => r.lots.lot1 },
  { header: '2e lot', value: (r) => r.lots.lot2 },
  { header: '3e lot', value: (r) => r.lots.lot3 },
  { header: 'Version', value: (r) => r.version },
  { header: 'Origine', value: (r) => (r.origin === 'auto' ? 'automatique' : 'manuelle') },
  { header: 'Fiches', value: (r) => r.tickets },
  { header: 'Gagnantes', value: (r) => r.winners },
  { header: 'Gains', value: (r) => centimesCell(r.win_amount) },
  { header: 'Payées', value: (r) => r.paid },
];

/** A company's results (see contracts/info-tirage.ts). */
export const infoTirageRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getInfoTirage(raw, companyScope(request), q.id);
      const list = infoTirageList(request, q);
      if (q.format === 'csv')
        return sendCsv(reply, 'resultats', csvColumns, await withLots(raw, await queryAll(raw, list, q)));
      const page = await queryPage(raw, list, q);
      return { ...page, results: await withLots(raw, page.results) };
    });

    route(app, api.create, async (request) =>
      enterInfoTirage(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...v } = request.body;
      return correctInfoTirage(database, contextOf(request), companyForWrite(request), id, v);
    });

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      const confirm = request.body?.confirm ?? request.query.confirm ?? false;
      return withdrawInfoTirage(database, contextOf(request), companyForWrite(request), id, confirm);
    });
  };

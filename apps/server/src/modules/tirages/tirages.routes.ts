import { tirageEndpoints as api, type Tirage } from '@borlette/shared/contracts/tirages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { blockTirage, createTirage, deleteTirage, updateTirage } from './tirages.service';
import { getTirage, listDrawSources, tirageList, toTirage } from './tirages-query';

const DAY_NAMES = ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam'];
const csvColumns: CsvColumn<Tirage>[] = [
  { header: 'Nom', value: (r) => r.name },
  { header: 'Source', value: (r) => r.source_name },
  { header: 'Jours', value: (r) => r.days.map((d) => DAY_NAMES[d]).join(' ') },
  { header: 'Ouverture', value: (r) => r.open_time },
  { header: 'Fermeture', value: (r) => r.close_time },
  { header: 'Tirage', value: (r) => r.draw_time },
  { header: 'Mode', value: (r) => r.mode },
  { header: 'Statut', value: (r) => r.status },
  { header: 'Ouvert', value: (r) => r.is_open },
  {
    header: 'Dernier résultat',
    value: (r) => (r.last_result ? `${r.last_result.draw_date} ${r.last_result.pick3}-${r.last_result.pick4}` : ''),
  },
];

export const tiragesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const list = tirageList(request, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, 'tirages', csvColumns, (await queryAll(raw, list, request.query)).map(toTirage));
      const page = await queryPage(raw, list, request.query);
      return { ...page, results: page.results.map(toTirage) };
    });

    route(app, api.get, async (request) => getTirage(raw, companyScope(request), request.query.id));

    route(app, api.create, async (request) =>
      createTirage(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...v } = request.body;
      return updateTirage(database, contextOf(request), companyForWrite(request), id, v);
    });

    route(app, api.remove, async (request) => {
      const id = request.query.tirageId ?? request.query.id ?? request.body?.id;
      if (!id) throw badRequest('Le tirage est requis.', { tirageId: 'Le tirage est requis' });
      await deleteTirage(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockTirage(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );

    route(app, api.drawSources, async (request) => listDrawSources(raw, companyScope(request)));
  };

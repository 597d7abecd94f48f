import { surcussaleEndpoints as api, type Surcussale } from '@borlette/shared/contracts/surcussales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite, type HasAuth } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { blockSurcussale, createSurcussale, deleteSurcussale, updateSurcussale } from './surcussales.service';
import { getVisibleSurcussale, surcussaleList, withoutCompany } from './surcussales-query';

const csvColumns: CsvColumn<Surcussale>[] = [
  { header: 'Nom', value: (r) => r.name },
  { header: 'Ville', value: (r) => r.city_name },
  { header: 'Adresse', value: (r) => r.address },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'Superviseurs', value: (r) => r.supervisors.map((s) => s.name).join(', ') },
  { header: 'Vendeurs', value: (r) => r.agents_count },
  { header: 'Statut', value: (r) => r.status },
  { header: 'Créée le', value: (r) => r.created_at },
];

export const surcussalesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const list = surcussaleList(request, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, 'succursales', csvColumns, await queryAll(raw, list, request.query));
      const page = await queryPage(raw, list, request.query);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.get, async (request) =>
      withoutCompany(await getVisibleSurcussale(raw, request, companyScope(request), request.query.id)),
    );

    /**
     * The company a write acts on, once the sub-branch is known to be one the caller sees (a supervisor:
     * one it watches; otherwise it could rename, block, delete or take over the others): 404 if not.
     */
    const writableCompany = async (caller: HasAuth, id: number) => {
      const companyId = companyForWrite(caller);
      await getVisibleSurcussale(raw, caller, companyId, id);
      return companyId;
    };

    route(app, api.create, async (request) =>
      createSurcussale(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...input } = request.body;
      return updateSurcussale(database, contextOf(request), await writableCompany(request, id), id, input);
    });

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      await deleteSurcussale(database, contextOf(request), await writableCompany(request, id), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) => {
      const { id, blocked } = request.body;
      return blockSurcussale(database, contextOf(request), await writableCompany(request, id), id, blocked);
    });
  };

import { bouleBlockEndpoints as api, type BouleBlock } from '@borlette/shared/contracts/boules-block';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { createBlock, deleteBlock, setBlocked, updateBlock } from './boules-block.service';
import { blockList, getBlock, withoutCompany } from './boules-block-query';

const KIND_LABELS: Record<BouleBlock['kind'], string> = {
  boule: 'Boule (bolet et mariages)',
  mariage: 'Mariage',
  loto3: 'Loto 3',
  loto4: 'Loto 4',
  loto5: 'Loto 5',
};

const csvColumns: CsvColumn<BouleBlock>[] = [
  { header: 'Numéro', value: (r) => r.number },
  { header: 'Portée', value: (r) => KIND_LABELS[r.kind] },
  { header: 'Tirage', value: (r) => r.tirage_name ?? 'Tous les tirages' },
  { header: 'Bloqué', value: (r) => r.blocked },
  { header: 'Note', value: (r) => r.note },
  { header: 'Modifié le', value: (r) => r.updated_at },
];

/** Blocked balls (blocage-boule): view/add/change_bouleblock, block_boule for the toggle. */
export const boulesBlockRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getBlock(raw, companyScope(request), q.id);
      const list = blockList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'boules-bloquees', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.create, async (request) =>
      createBlock(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...values } = request.body;
      return updateBlock(database, contextOf(request), companyForWrite(request), id, values);
    });

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      await deleteBlock(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      setBlocked(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

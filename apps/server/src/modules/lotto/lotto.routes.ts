import { lottoEndpoints as api, type LottoOption } from '@borlette/shared/contracts/lotto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { blockLotto, createLotto, deleteLotto, updateLotto } from './lotto.service';
import { getLotto, lottoList, toLotto } from './lotto-query';

const csvColumns: CsvColumn<LottoOption>[] = [
  { header: 'Code', value: (r) => r.code },
  { header: 'Libellé', value: (r) => r.label },
  { header: 'Composition', value: (r) => r.mapping.join(' + ') },
  { header: 'Exemple (123 / 4567)', value: (r) => r.example },
  { header: 'Proposée', value: (r) => r.enabled },
  { header: 'Statut', value: (r) => r.status },
];

/** Loto 4 / loto 5 options (see contracts/lotto.ts). */
export const lottoRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = lottoList(request, q);
      if (q.format === 'csv')
        return sendCsv(reply, 'options-loto', csvColumns, (await queryAll(raw, list, q)).map(toLotto));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(toLotto) };
    });

    route(app, api.get, async (request) => getLotto(raw, companyScope(request), request.query.id));

    route(app, api.create, async (request) =>
      createLotto(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...v } = request.body;
      return updateLotto(database, contextOf(request), companyForWrite(request), id, v);
    });

    route(app, api.remove, async (request) => {
      await deleteLotto(database, contextOf(request), companyForWrite(request), deleteIdOf(request));
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockLotto(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

import { errorBody, okBody } from '@borlette/shared/contracts/common';
import { blockBody, idBody, pageOf } from '@borlette/shared/contracts/list';
import {
  type LottoOption,
  lottoInput,
  lottoListQuery,
  lottoOption,
  lottoUpdate,
} from '@borlette/shared/contracts/lotto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  blockLotto,
  createLotto,
  deleteLotto,
  getLotto,
  LOTTO_COLUMNS,
  LOTTO_FROM,
  type LottoRow,
  toLotto,
  updateLotto,
} from './lotto.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['lotto'];

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

    app.get(
      '/api/companies/list-lotto',
      {
        config: access.permission('view_lotto'),
        schema: {
          tags,
          summary: 'Options de loto 4 / loto 5 (page, tri, recherche, filtres, CSV)',
          querystring: lottoListQuery,
          response: { 200: pageOf(lottoOption), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = companyCondition(request, params, 'o.company_id');
        if (q.game) where.push(q.game === 'loto4' ? 'o.code < 50' : 'o.code > 50');
        if (q.status) where.push(`o.status = ${params.p(q.status)}`);
        const spec = {
          select: LOTTO_COLUMNS,
          from: LOTTO_FROM,
          where,
          params,
          sortable: { code: 'o.code', label: 'lower(o.label)', status: 'o.status', updated_at: 'o.updated_at' },
          search: ['o.label', 'o.code'],
          tieBreaker: 'o.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'options-loto', csvColumns, (await listAll<LottoRow>(raw, spec, q)).map(toLotto));
        const page = await listPage<LottoRow>(raw, spec, q);
        return { ...page, results: page.results.map(toLotto) };
      },
    );

    app.get(
      '/api/companies/lotto',
      {
        config: access.permission('view_lotto'),
        schema: { tags, summary: 'Une option de loto', querystring: idBody, response: { 200: lottoOption, ...errors } },
      },
      async (request) => getLotto(raw, companyScope(request), request.query.id),
    );

    app.post(
      '/api/companies/lotto',
      {
        config: access.permission('add_lotto'),
        schema: {
          tags,
          summary:
            'Créer une option (41-43, 51-53) absente ; une composition autre que celle par défaut demande option_plus',
          body: lottoInput,
          response: { 200: lottoOption, ...errors },
        },
      },
      async (request) => createLotto(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/lotto',
      {
        config: access.permission('change_lotto'),
        schema: {
          tags,
          summary: 'Modifier une option (changer sa composition demande aussi option_plus)',
          body: lottoUpdate,
          response: { 200: lottoOption, ...errors },
        },
      },
      async (request) => {
        const { id, ...v } = request.body;
        return updateLotto(database, request, companyForWrite(request), id, v);
      },
    );

    app.delete(
      '/api/companies/lotto',
      {
        config: access.permission('change_lotto'),
        schema: {
          tags,
          summary: 'Supprimer une option (elle ne se vend plus ; les fiches vendues gardent leur composition)',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await deleteLotto(database, request, companyForWrite(request), deleteIdOf(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/companies/lotto/block',
      {
        config: access.permission('block_option'),
        schema: {
          tags,
          summary: 'Bloquer / débloquer une option (elle ne se vend plus)',
          body: blockBody,
          response: { 200: lottoOption, ...errors },
        },
      },
      async (request) => blockLotto(database, request, companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

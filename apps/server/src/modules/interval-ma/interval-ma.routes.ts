import { errorBody, okBody } from '@borlette/shared/contracts/common';
import {
  type IntervalMa,
  intervalMa,
  intervalMaInput,
  intervalMaListQuery,
  intervalMaUpdate,
} from '@borlette/shared/contracts/limits';
import { blockBody, pageOf } from '@borlette/shared/contracts/list';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  blockInterval,
  createInterval,
  deleteInterval,
  INTERVAL_COLUMNS,
  INTERVAL_FROM,
  updateInterval,
} from './interval-ma.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['interval-ma'];

/** French spreadsheets: decimal comma. */
const money = centimesCell; // exact past 2^53 (contracts/money.ts)

const csvColumns: CsvColumn<IntervalMa>[] = [
  { header: 'Montant minimum', value: (r) => money(r.min_amount) },
  { header: 'Montant maximum', value: (r) => (r.max_amount === null ? 'Sans maximum' : money(r.max_amount)) },
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

    app.get(
      '/api/companies/list-interval-ma',
      {
        config: access.permission('add_typegame'),
        schema: {
          tags,
          summary: 'Intervalles de mariages gratuits (page, tri, filtre status, CSV)',
          querystring: intervalMaListQuery,
          response: { 200: pageOf(intervalMa), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = companyCondition(request, params, 'i.company_id');
        if (q.status) where.push(`i.status = ${params.p(q.status)}`);
        const spec = {
          select: INTERVAL_COLUMNS,
          from: INTERVAL_FROM,
          where,
          params,
          sortable: {
            min_amount: 'i.min_amount',
            max_amount: 'i.max_amount',
            count: 'i.count',
            status: 'i.status',
            created_at: 'i.created_at',
            updated_at: 'i.updated_at',
          },
          search: [],
          tieBreaker: 'i.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'mariages-gratuits', csvColumns, await listAll<IntervalMa>(raw, spec, q));
        const page = await listPage<IntervalMa & { company_id?: number }>(raw, spec, q);
        return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
      },
    );

    app.post(
      '/api/companies/add-interval-ma',
      {
        config: access.permission('add_typegame'),
        schema: {
          tags,
          summary:
            'Créer un intervalle [min_amount, max_amount] (centimes par tirage ; max null = sans maximum) -> count',
          body: intervalMaInput,
          response: { 200: intervalMa, ...errors },
        },
      },
      async (request) => createInterval(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/edit-interval-ma',
      {
        config: access.permission('change_typegame'),
        schema: {
          tags,
          summary: 'Modifier un intervalle (id dans le corps)',
          body: intervalMaUpdate,
          response: { 200: intervalMa, ...errors },
        },
      },
      async (request) => {
        const { id, ...values } = request.body;
        return updateInterval(database, request, companyForWrite(request), id, values);
      },
    );

    app.delete(
      '/api/companies/interval-ma',
      {
        config: access.permission('change_typegame'),
        schema: { tags, summary: 'Supprimer un intervalle', ...deleteTarget, response: { 200: okBody, ...errors } },
      },
      async (request) => {
        const id = deleteIdOf(request);
        await deleteInterval(database, request, companyForWrite(request), id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/companies/interval-ma/block',
      {
        config: access.permission('mariage_free'),
        schema: {
          tags,
          summary: 'Suspendre (blocked true) / réactiver un intervalle',
          body: blockBody,
          response: { 200: intervalMa, ...errors },
        },
      },
      async (request) =>
        blockInterval(database, request, companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

import {
  blockBody,
  errorBody,
  idBody,
  okBody,
  pageOf,
  surcussale,
  surcussaleInput,
  surcussaleListQuery,
  surcussaleUpdate,
} from '@borlette/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope, surcussaleVisibility } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  blockSurcussale,
  createSurcussale,
  deleteSurcussale,
  getSurcussale,
  SURCUSSALE_COLUMNS,
  SURCUSSALE_FROM,
  updateSurcussale,
} from './surcussales.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['surcussales'];

const csvColumns: CsvColumn<z.infer<typeof surcussale>>[] = [
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

    app.get(
      '/api/companies/list-surcussale',
      {
        config: access.permission('view_surcussale'),
        schema: {
          tags,
          summary: 'Succursales (pagination, tri, recherche, filtres, export CSV)',
          querystring: surcussaleListQuery,
          response: { 200: pageOf(surcussale), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = [
          ...companyCondition(request, params, 's.company_id'),
          ...surcussaleVisibility(request, params, 's.id'),
        ];
        if (q.status) where.push(`s.status = ${params.p(q.status)}`);
        if (q.city_id) where.push(`s.city_id = ${params.p(q.city_id)}`);
        const spec = {
          select: SURCUSSALE_COLUMNS,
          from: SURCUSSALE_FROM,
          where,
          params,
          sortable: { name: 's.name', city: 'ci.name', status: 's.status', created_at: 's.created_at' },
          search: ['s.name', 's.address', 's.phone', 'ci.name'],
          tieBreaker: 's.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'succursales', csvColumns, await listAll(raw, spec, q));
        const page = await listPage<z.infer<typeof surcussale> & { company_id?: number }>(raw, spec, q);
        return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
      },
    );

    app.get(
      '/api/companies/surcussale',
      {
        config: access.permission('view_surcussale'),
        schema: { tags, summary: 'Une succursale', querystring: idBody, response: { 200: surcussale, ...errors } },
      },
      async (request) => {
        const params = new SqlParams();
        const { company_id, ...row } = await getSurcussale(
          raw,
          companyScope(request),
          request.query.id,
          surcussaleVisibility(request, params, 's.id'),
          params,
        );
        return row;
      },
    );

    /**
     * The company a write acts on, once the sub-branch is known to be one the caller sees (a supervisor:
     * one it watches; otherwise it could rename, block, delete or take over the others): 404 if not.
     */
    const writableCompany = async (request: FastifyRequest, id: number) => {
      const companyId = companyForWrite(request);
      const params = new SqlParams();
      await getSurcussale(raw, companyId, id, surcussaleVisibility(request, params, 's.id'), params);
      return companyId;
    };

    app.post(
      '/api/companies/surcussale',
      {
        config: access.permission('add_surcussale'),
        schema: {
          tags,
          summary: 'Créer une succursale',
          body: surcussaleInput,
          response: { 200: surcussale, ...errors },
        },
      },
      async (request) => createSurcussale(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/surcussale',
      {
        config: access.permission('change_surcussale'),
        schema: {
          tags,
          summary: 'Modifier une succursale',
          body: surcussaleUpdate,
          response: { 200: surcussale, ...errors },
        },
      },
      async (request) => {
        const { id, ...input } = request.body;
        return updateSurcussale(database, request, await writableCompany(request, id), id, input);
      },
    );

    app.delete(
      '/api/companies/surcussale',
      {
        config: access.permission('change_surcussale'),
        schema: {
          tags,
          summary: 'Supprimer une succursale (refusé si des vendeurs y sont rattachés)',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        const id = deleteIdOf(request);
        await deleteSurcussale(database, request, await writableCompany(request, id), id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/companies/surcussale/block',
      {
        config: access.permission('block_suc'),
        schema: {
          tags,
          summary: 'Bloquer / débloquer une succursale (ses vendeurs ne vendent plus)',
          body: blockBody,
          response: { 200: surcussale, ...errors },
        },
      },
      async (request) =>
        blockSurcussale(
          database,
          request,
          await writableCompany(request, request.body.id),
          request.body.id,
          request.body.blocked,
        ),
    );
  };

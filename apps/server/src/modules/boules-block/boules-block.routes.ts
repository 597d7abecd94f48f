import { errorBody, okBody } from '@borlette/shared/contracts/common';
import {
  type BouleBlock,
  bouleBlock,
  bouleBlockInput,
  bouleBlockListQuery,
  bouleBlockUpdate,
} from '@borlette/shared/contracts/limits';
import { blockBody, pageOf } from '@borlette/shared/contracts/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  BLOCK_COLUMNS,
  BLOCK_FROM,
  createBlock,
  deleteBlock,
  getBlock,
  setBlocked,
  updateBlock,
} from './boules-block.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['boules-block'];
const PATH = '/api/companies/boules-block';

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

    app.get(
      PATH,
      {
        config: access.permission('view_bouleblock'),
        schema: {
          tags,
          summary: 'Boules bloquées (page, tri, recherche, filtres tirage_id / blocked, CSV) ; ?id= un blocage',
          querystring: bouleBlockListQuery,
          response: { 200: z.union([pageOf(bouleBlock), bouleBlock]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getBlock(raw, companyScope(request), q.id);
        const params = new SqlParams();
        const where = companyCondition(request, params, 'b.company_id');
        if (q.tirage_id) where.push(`b.tirage_id = ${params.p(q.tirage_id)}`);
        if (q.blocked) where.push(q.blocked === 'true' ? 'b.active' : 'NOT b.active');
        const spec = {
          select: BLOCK_COLUMNS,
          from: BLOCK_FROM,
          where,
          params,
          sortable: {
            number: 'b.number',
            // All draws (null) last.
            tirage: 'lower(t.name)',
            blocked: 'b.active',
            created_at: 'b.created_at',
            updated_at: 'b.updated_at',
          },
          search: ['b.number', 'b.note'],
          tieBreaker: 'b.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'boules-bloquees', csvColumns, await listAll<BouleBlock>(raw, spec, q));
        const page = await listPage<BouleBlock & { company_id?: number }>(raw, spec, q);
        return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
      },
    );

    app.post(
      PATH,
      {
        config: access.permission('add_bouleblock'),
        schema: {
          tags,
          summary: 'Bloquer un numéro (12 : bolet et mariages avec 12 ; 12*34 ; 3 à 5 chiffres) pour un tirage ou tous',
          body: bouleBlockInput,
          response: { 200: bouleBlock, ...errors },
        },
      },
      async (request) => createBlock(database, request, companyForWrite(request), request.body),
    );

    app.put(
      PATH,
      {
        config: access.permission('change_bouleblock'),
        schema: {
          tags,
          summary: 'Modifier un blocage (id dans le corps)',
          body: bouleBlockUpdate,
          response: { 200: bouleBlock, ...errors },
        },
      },
      async (request) => {
        const { id, ...values } = request.body;
        return updateBlock(database, request, companyForWrite(request), id, values);
      },
    );

    app.delete(
      PATH,
      {
        config: access.permission('change_bouleblock'),
        schema: { tags, summary: 'Supprimer un blocage', ...deleteTarget, response: { 200: okBody, ...errors } },
      },
      async (request) => {
        const id = deleteIdOf(request);
        await deleteBlock(database, request, companyForWrite(request), id);
        return { ok: true as const };
      },
    );

    app.post(
      `${PATH}/block`,
      {
        config: access.permission('block_boule'),
        schema: {
          tags,
          summary: 'Bloquer (blocked true) / lever le blocage (false : le numéro se vend de nouveau)',
          body: blockBody,
          response: { 200: bouleBlock, ...errors },
        },
      },
      async (request) => setBlocked(database, request, companyForWrite(request), request.body.id, request.body.blocked),
    );
  };

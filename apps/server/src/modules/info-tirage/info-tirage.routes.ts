import { errorBody } from '@borlette/shared/contracts/common';
import {
  type InfoTirage,
  infoTirage,
  infoTirageDeleteQuery,
  infoTirageInput,
  infoTirageListQuery,
  infoTirageUpdate,
  infoTirageWriteAnswer,
} from '@borlette/shared/contracts/info-tirage';
import { idBody, pageOf } from '@borlette/shared/contracts/list';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { getInfoTirage, INFO_COLUMNS, INFO_FROM, type InfoRow, withLots } from './info-tirage.query';
import { correctInfoTirage, enterInfoTirage, withdrawInfoTirage } from './info-tirage.service';

/** The conventions' other form of a DELETE: `{ id, confirm }` in the body. */
const deleteBody = z.object({ id: idBody.shape.id, confirm: z.boolean().optional() }).nullish();

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['info-tirage'];

const money = centimesCell; // exact past 2^53 (contracts/money.ts)
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
  { header: 'Gains', value: (r) => money(r.win_amount) },
  { header: 'Payées', value: (r) => r.paid },
];

/** A company's results (see contracts/info-tirage.ts). */
export const infoTirageRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/companies/info-tirage',
      {
        config: access.permission('view_infotirage'),
        schema: {
          tags,
          summary: 'Résultats des tirages (page, filtres tirage_id / période, CSV) ; ?id= répond ce résultat seul',
          querystring: infoTirageListQuery,
          response: { 200: z.union([pageOf(infoTirage), infoTirage]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getInfoTirage(raw, companyScope(request), q.id);
        const params = new SqlParams();
        const where = companyCondition(request, params, 'i.company_id');
        if (q.tirage_id) where.push(`i.tirage_id = ${params.p(q.tirage_id)}`);
        if (q.start_date) where.push(`i.draw_date >= ${params.p(q.start_date)}::date`);
        if (q.end_date) where.push(`i.draw_date <= ${params.p(q.end_date)}::date`);
        const spec = {
          select: INFO_COLUMNS,
          from: INFO_FROM,
          where,
          params,
          sortable: {
            draw_date: 'i.draw_date',
            tirage: 'lower(t.name)',
            version: 'i.version',
            updated_at: 'i.updated_at',
          },
          search: ['t.name', 'i.pick3', 'i.pick4'],
          tieBreaker: 'i.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'resultats', csvColumns, await withLots(raw, await listAll<InfoRow>(raw, spec, q)));
        const page = await listPage<InfoRow>(raw, spec, q);
        return { ...page, results: await withLots(raw, page.results) };
      },
    );

    app.post(
      '/api/companies/info-tirage',
      {
        config: access.permission('add_infotirage'),
        schema: {
          tags,
          summary: 'Saisir le résultat d’un tirage (pas avant l’heure officielle) et régler ses fiches',
          body: infoTirageInput,
          response: { 200: infoTirageWriteAnswer, ...errors },
        },
      },
      async (request) => enterInfoTirage(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/info-tirage',
      {
        config: access.permission('change_infotirage'),
        schema: {
          tags,
          summary:
            'Corriger un résultat (nouvelle version, fiches réglées à nouveau ; confirm si des fiches payées changent)',
          body: infoTirageUpdate,
          response: { 200: infoTirageWriteAnswer, ...errors },
        },
      },
      async (request) => {
        const { id, ...v } = request.body;
        return correctInfoTirage(database, request, companyForWrite(request), id, v);
      },
    );

    app.delete(
      '/api/companies/info-tirage',
      {
        config: access.permission('change_infotirage'),
        schema: {
          tags,
          summary: 'Retirer un résultat (?id=&confirm=) : les fiches reviennent « en attente »',
          querystring: infoTirageDeleteQuery.partial(),
          body: deleteBody,
          response: { 200: infoTirageWriteAnswer, ...errors },
        },
      },
      async (request) => {
        const id = deleteIdOf(request);
        const confirm = request.body?.confirm ?? request.query.confirm ?? false;
        return withdrawInfoTirage(database, request, companyForWrite(request), id, confirm);
      },
    );
  };

import { errorBody, okBody } from '@borlette/shared/contracts/common';
import { blockBody, idBody, pageOf } from '@borlette/shared/contracts/list';
import {
  drawSource,
  type Tirage,
  tirage,
  tirageDeleteQuery,
  tirageInput,
  tirageListQuery,
  tirageUpdate,
} from '@borlette/shared/contracts/tirages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access, COMPANY_ROLES } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import { getTirage, TIRAGE_FROM, type TirageRow, tirageColumns, toTirage } from './tirages.query';
import { blockTirage, createTirage, deleteTirage, listDrawSources, updateTirage } from './tirages.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['tirages'];

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

    app.get(
      '/api/companies/list-tirage',
      {
        config: access.permission('view_tirage'),
        schema: {
          tags,
          summary: 'Tirages (page, tri, recherche, filtres, CSV) ; last_result dans la période start_date-end_date',
          querystring: tirageListQuery,
          response: { 200: pageOf(tirage), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = companyCondition(request, params, 't.company_id');
        if (q.status) where.push(`t.status = ${params.p(q.status)}`);
        if (q.mode) where.push(`t.mode = ${params.p(q.mode)}`);
        if (q.source_id) where.push(`t.source_id = ${params.p(q.source_id)}`);
        const period: string[] = [];
        if (q.start_date) period.push(`i.draw_date >= ${params.p(q.start_date)}::date`);
        if (q.end_date) period.push(`i.draw_date <= ${params.p(q.end_date)}::date`);
        const spec = {
          select: tirageColumns(period),
          from: TIRAGE_FROM,
          where,
          params,
          sortable: {
            name: 'lower(t.name)',
            source: 'lower(s.name)',
            close_time: 't.close_time',
            mode: 't.mode',
            status: 't.status',
            created_at: 't.created_at',
          },
          search: ['t.name', 's.name'],
          tieBreaker: 't.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'tirages', csvColumns, (await listAll<TirageRow>(raw, spec, q)).map(toTirage));
        const page = await listPage<TirageRow>(raw, spec, q);
        return { ...page, results: page.results.map(toTirage) };
      },
    );

    app.get(
      '/api/companies/tirage',
      {
        config: access.permission('view_tirage'),
        schema: { tags, summary: 'Un tirage', querystring: idBody, response: { 200: tirage, ...errors } },
      },
      async (request) => getTirage(raw, companyScope(request), request.query.id),
    );

    app.post(
      '/api/companies/tirage',
      {
        config: access.permission('add_tirage'),
        schema: { tags, summary: 'Créer un tirage', body: tirageInput, response: { 200: tirage, ...errors } },
      },
      async (request) => createTirage(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/tirage',
      {
        config: access.permission('change_tirage'),
        schema: { tags, summary: 'Modifier un tirage', body: tirageUpdate, response: { 200: tirage, ...errors } },
      },
      async (request) => {
        const { id, ...v } = request.body;
        return updateTirage(database, request, companyForWrite(request), id, v);
      },
    );

    app.delete(
      '/api/companies/tirage',
      {
        config: access.permission('change_tirage'),
        schema: {
          tags,
          summary: 'Supprimer un tirage (?tirageId=, ?id= ou { id } ; refusé s’il a des fiches ou des résultats)',
          querystring: tirageDeleteQuery,
          body: idBody.nullish(),
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        const id = request.query.tirageId ?? request.query.id ?? request.body?.id;
        if (!id) throw badRequest('Le tirage est requis.', { tirageId: 'Le tirage est requis' });
        await deleteTirage(database, request, companyForWrite(request), id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/companies/tirage/block',
      {
        config: access.permission('block_tirage'),
        schema: {
          tags,
          summary: 'Bloquer / débloquer un tirage (il ne vend plus)',
          body: blockBody,
          response: { 200: tirage, ...errors },
        },
      },
      async (request) =>
        blockTirage(database, request, companyForWrite(request), request.body.id, request.body.blocked),
    );

    app.get(
      '/api/companies/draw-sources',
      {
        config: access.signedIn(COMPANY_ROLES),
        schema: {
          tags,
          summary: 'Les sessions officielles (heure du tirage aujourd’hui dans le fuseau de la compagnie)',
          response: { 200: z.array(drawSource), 401: errorBody, 403: errorBody },
        },
      },
      async (request) => listDrawSources(raw, companyScope(request)),
    );
  };

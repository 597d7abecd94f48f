import { errorBody } from '@borlette/shared/contracts/common';
import {
  type DrawResult,
  drawResult,
  tirageAutoAnswer,
  tirageAutoInput,
  tirageAutoListQuery,
} from '@borlette/shared/contracts/info-tirage';
import { pageOf } from '@borlette/shared/contracts/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { SqlParams } from '../_lib/sql';
import {
  DRAW_RESULT_COLUMNS,
  DRAW_RESULT_FROM,
  type DrawResultRow,
  publishTirageAuto,
  toDrawResult,
} from './tirage-auto.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['tirage-auto'];
const SUPERUSER = ['superuser'] as const;

const csvColumns: CsvColumn<DrawResult>[] = [
  { header: 'Date', value: (r) => r.draw_date },
  { header: 'Source', value: (r) => r.source_name },
  { header: 'Pick 3', value: (r) => r.pick3 },
  { header: 'Pick 4', value: (r) => r.pick4 },
  { header: 'Version', value: (r) => r.version },
  { header: 'Compagnies', value: (r) => r.companies },
  { header: 'Publié le', value: (r) => r.published_at },
];

/** The platform's results (see tirage-auto.service.ts). */
export const tirageAutoRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.post(
      '/api/generals/tirage-auto',
      {
        config: access.permission('add_tirage_auto', SUPERUSER),
        schema: {
          tags,
          summary:
            'Publier le résultat d’une source (état + session) pour une date : chaque tirage qui la suit le reçoit et est réglé. Idempotent.',
          body: tirageAutoInput,
          response: { 200: tirageAutoAnswer, ...errors },
        },
      },
      async (request) => publishTirageAuto(database, request, request.body),
    );

    app.get(
      '/api/generals/tirage-auto',
      {
        config: access.permission('add_tirage_auto', SUPERUSER),
        schema: {
          tags,
          summary: 'Résultats publiés par la plateforme (page, filtres source / période, CSV)',
          querystring: tirageAutoListQuery,
          response: { 200: pageOf(drawResult), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where: string[] = [];
        if (q.source_id) where.push(`dr.source_id = ${params.p(q.source_id)}`);
        if (q.start_date) where.push(`dr.draw_date >= ${params.p(q.start_date)}::date`);
        if (q.end_date) where.push(`dr.draw_date <= ${params.p(q.end_date)}::date`);
        const spec = {
          select: DRAW_RESULT_COLUMNS,
          from: DRAW_RESULT_FROM,
          where,
          params,
          sortable: { draw_date: 'dr.draw_date', source: 'lower(s.name)', updated_at: 'dr.updated_at' },
          search: ['s.name', 's.state', 'dr.pick3', 'dr.pick4'],
          tieBreaker: 'dr.id',
        };
        if (q.format === 'csv')
          return sendCsv(
            reply,
            'tirages-auto',
            csvColumns,
            (await listAll<DrawResultRow>(raw, spec, q)).map(toDrawResult),
          );
        const page = await listPage<DrawResultRow>(raw, spec, q);
        return { ...page, results: page.results.map(toDrawResult) };
      },
    );
  };

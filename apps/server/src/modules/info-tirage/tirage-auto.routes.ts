import { tirageAutoEndpoints as api, type DrawResult } from '@borlette/shared/contracts/info-tirage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { publishTirageAuto } from './tirage-auto.service';
import { drawResultList, toDrawResult } from './tirage-auto-query';

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

    route(app, api.publish, async (request) => publishTirageAuto(database, contextOf(request), request.body));

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = drawResultList(q);
      if (q.format === 'csv')
        return sendCsv(reply, 'tirages-auto', csvColumns, (await queryAll(raw, list, q)).map(toDrawResult));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(toDrawResult) };
    });
  };

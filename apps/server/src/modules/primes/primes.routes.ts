import { centimesCell } from '@borlette/shared/contracts/money';
import { primeEndpoints as api, type PrimeGeneral } from '@borlette/shared/contracts/primes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { generalTarget, updateGeneral } from './primes.service';
import { generalList, getGeneral } from './primes-query';

const csvColumns: CsvColumn<PrimeGeneral>[] = [
  { header: 'Compagnie', value: (r) => r.company_name },
  { header: 'Bolet 1er', value: (r) => r.bolet_1 },
  { header: 'Bolet 2e', value: (r) => r.bolet_2 },
  { header: 'Bolet 3e', value: (r) => r.bolet_3 },
  { header: 'Mariage', value: (r) => r.mariage },
  { header: 'Loto 3', value: (r) => r.loto3 },
  { header: 'Loto 4 O1', value: (r) => r.loto4_o1 },
  { header: 'Loto 4 O2', value: (r) => r.loto4_o2 },
  { header: 'Loto 4 O3', value: (r) => r.loto4_o3 },
  { header: 'Loto 5 O1', value: (r) => r.loto5_o1 },
  { header: 'Loto 5 O2', value: (r) => r.loto5_o2 },
  { header: 'Loto 5 O3', value: (r) => r.loto5_o3 },
  { header: 'Mariage gratuit', value: (r) => centimesCell(r.free_mariage_amount) },
  { header: 'Bolet cumulé', value: (r) => r.bolet_cumulative },
  { header: 'Modifiée le', value: (r) => r.updated_at },
];

/** The general level (one per company) and the superuser's list of every company's. */
export const primesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.general, async (request) => getGeneral(raw, generalTarget(request, request.query.company_id)));

    route(app, api.updateGeneral, async (request) => {
      const { company_id, ...v } = request.body;
      return updateGeneral(database, contextOf(request), generalTarget(request, company_id), v);
    });

    route(app, api.generalList, async (request, reply) => {
      const q = request.query;
      const list = generalList(request);
      if (q.format === 'csv') return sendCsv(reply, 'primes-generales', csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });
  };

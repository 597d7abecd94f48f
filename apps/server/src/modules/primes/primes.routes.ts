import { errorBody } from '@borlette/shared/contracts/common';
import { pageOf } from '@borlette/shared/contracts/list';
import { centimesCell } from '@borlette/shared/contracts/money';
import {
  type PrimeGeneral,
  primeGeneral,
  primeGeneralInput,
  primeGeneralListQuery,
  primeGeneralQuery,
} from '@borlette/shared/contracts/primes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { authOf } from '../../http/auth';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { SqlParams } from '../_lib/sql';
import { GENERAL_COLUMNS, GENERAL_FROM, generalTarget, getGeneral, updateGeneral } from './primes.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['primes'];

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

    app.get(
      '/api/companies/prime',
      {
        config: access.permission('view_tauxtirage'),
        schema: {
          tags,
          summary: 'Primes générales de la compagnie et réglages de paiement (le superuser peut passer company_id)',
          querystring: primeGeneralQuery,
          response: { 200: primeGeneral, ...errors },
        },
      },
      async (request) => getGeneral(raw, generalTarget(request, request.query.company_id)),
    );

    app.put(
      '/api/companies/prime',
      {
        config: access.permission('change_tauxtirage'),
        schema: {
          tags,
          summary: 'Modifier les primes générales, le montant du mariage gratuit et le bolet cumulé',
          body: primeGeneralInput,
          response: { 200: primeGeneral, ...errors },
        },
      },
      async (request) => {
        const { company_id, ...v } = request.body;
        return updateGeneral(database, request, generalTarget(request, company_id), v);
      },
    );

    app.get(
      '/api/companies/prime/list',
      {
        config: access.permission('view_tauxtirage', ['superuser']),
        schema: {
          tags,
          summary: 'Primes générales de chaque compagnie (du pays choisi) : page, tri, recherche, CSV',
          querystring: primeGeneralListQuery,
          response: { 200: pageOf(primeGeneral), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const auth = authOf(request);
        const params = new SqlParams();
        const where = ["g.level = 'general'"];
        // The top bar's country filter, as on the companies list.
        if (auth.selectCountryCode) where.push(`k.name_code = ${params.p(auth.selectCountryCode)}`);
        const spec = {
          select: GENERAL_COLUMNS,
          from: GENERAL_FROM,
          where,
          params,
          sortable: {
            company_name: 'lower(c.name)',
            bolet_1: 'g.bolet_1',
            mariage: 'g.mariage',
            updated_at: 'greatest(g.updated_at, cs.updated_at)',
          },
          search: ['c.name', 'c.ref_code'],
          tieBreaker: 'g.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'primes-generales', csvColumns, await listAll<PrimeGeneral>(raw, spec, q));
        return listPage<PrimeGeneral>(raw, spec, q);
      },
    );
  };

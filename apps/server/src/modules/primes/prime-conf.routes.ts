import { errorBody, okBody } from '@borlette/shared/contracts/common';
import { pageOf } from '@borlette/shared/contracts/list';
import {
  PRIME_FIELDS,
  PRIME_TYPES,
  type PrimeConf,
  primeConf,
  primeConfInput,
  primeConfListQuery,
  primeConfUpdate,
} from '@borlette/shared/contracts/primes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  confColumns,
  confConditions,
  confFrom,
  createConf,
  deleteConf,
  getConf,
  PRIME_LEVELS,
  strip,
  updateConf,
} from './prime-conf.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['primes'];
const TITLES = { tirage: 'tirage', surcussale: 'succursale', agent: 'vendeur' } as const;

const csvColumns: CsvColumn<PrimeConf>[] = [
  { header: 'Cible', value: (r) => r.target_name },
  ...PRIME_FIELDS.map((f) => ({ header: f, value: (r: PrimeConf) => r[f] ?? 'hérité' })),
  { header: 'Modifiée le', value: (r) => r.updated_at },
];

/**
 * Primes per draw, per sub-branch and per agent: /api/companies/prime-{tirage|surcussale|agent}.
 * A null multiplier inherits from the next level (agent > surcussale > tirage > general).
 */
export const primeConfRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    for (const type of PRIME_TYPES) {
      const level = PRIME_LEVELS[type];
      const url = `/api/companies/prime-${type}`;
      const title = TITLES[type];

      app.get(
        url,
        {
          config: access.permission(level.codenames.view),
          schema: {
            tags,
            summary: `Primes par ${title} (page, tri, recherche, CSV) ; ?id= répond cette configuration seule`,
            querystring: primeConfListQuery,
            response: { 200: z.union([pageOf(primeConf), primeConf]), ...errors },
          },
        },
        async (request, reply) => {
          const q = request.query;
          if (q.id) return getConf(raw, request, type, companyScope(request), q.id);
          const params = new SqlParams();
          const spec = {
            select: confColumns(type),
            from: confFrom(type),
            where: confConditions(request, type, companyScope(request), params),
            params,
            sortable: { target_name: `lower(${level.name})`, updated_at: 'p.updated_at' },
            search: [level.name],
            tieBreaker: 'p.id',
          };
          if (q.format === 'csv')
            return sendCsv(
              reply,
              `primes-${type}`,
              csvColumns,
              (await listAll<PrimeConf & { company_id: number }>(raw, spec, q)).map(strip),
            );
          const page = await listPage<PrimeConf & { company_id: number }>(raw, spec, q);
          return { ...page, results: page.results.map(strip) };
        },
      );

      app.post(
        url,
        {
          config: access.permission(level.codenames.add),
          schema: {
            tags,
            summary: `Configurer les primes d’un ${title} (une configuration par ${title} ; null = hérité)`,
            body: primeConfInput,
            response: { 200: primeConf, ...errors },
          },
        },
        async (request) => {
          const { target_id, ...v } = request.body;
          return createConf(database, request, type, companyForWrite(request), target_id, v);
        },
      );

      app.put(
        url,
        {
          config: access.permission(level.codenames.change),
          schema: {
            tags,
            summary: `Modifier les primes d’un ${title}`,
            body: primeConfUpdate,
            response: { 200: primeConf, ...errors },
          },
        },
        async (request) => {
          const { id, ...v } = request.body;
          return updateConf(database, request, type, companyForWrite(request), id, v);
        },
      );

      app.delete(
        url,
        {
          config: access.permission(level.codenames.change),
          schema: {
            tags,
            summary: `Supprimer la configuration de primes d’un ${title} (il reprend le niveau au-dessus)`,
            ...deleteTarget,
            response: { 200: okBody, ...errors },
          },
        },
        async (request) => {
          await deleteConf(database, request, type, companyForWrite(request), deleteIdOf(request));
          return { ok: true as const };
        },
      );
    }
  };

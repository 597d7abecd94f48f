import { PRIME_FIELDS, PRIME_TYPES, type PrimeConf, primeConfEndpoints } from '@borlette/shared/contracts/primes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { createConf, deleteConf, updateConf } from './prime-conf.service';
import { confList, getConf, strip } from './prime-conf-query';

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
      const api = primeConfEndpoints[type];

      route(app, api.list, async (request, reply) => {
        const q = request.query;
        if (q.id) return getConf(raw, request, type, companyScope(request), q.id);
        const list = confList(request, type, companyScope(request));
        if (q.format === 'csv')
          return sendCsv(reply, `primes-${type}`, csvColumns, (await queryAll(raw, list, q)).map(strip));
        const page = await queryPage(raw, list, q);
        return { ...page, results: page.results.map(strip) };
      });

      route(app, api.create, async (request) => {
        const { target_id, ...v } = request.body;
        return createConf(database, contextOf(request), type, companyForWrite(request), target_id, v);
      });

      route(app, api.update, async (request) => {
        const { id, ...v } = request.body;
        return updateConf(database, contextOf(request), type, companyForWrite(request), id, v);
      });

      route(app, api.remove, async (request) => {
        await deleteConf(database, contextOf(request), type, companyForWrite(request), deleteIdOf(request));
        return { ok: true as const };
      });
    }
  };

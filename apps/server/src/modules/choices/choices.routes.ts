import {
  agentChoice,
  agentChoiceQuery,
  CHOICE_STAFF_CODENAMES,
  surcussaleChoice,
  tirageChoice,
} from '@borlette/shared/contracts/choices';
import { errorBody } from '@borlette/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { agentVisibility, companyScope, surcussaleVisibility } from '../_lib/scope';
import { containsPattern, SqlParams } from '../_lib/sql';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['choix'];

/**
 * The names a picker needs, for any user of the company: a supervisor allowed to set a limit per agent
 * must be able to choose the agent without holding view_agent. Scoped like every read.
 * Platform staff acting on a selected company are not users of it: they must hold the codename of the
 * list's own page (CHOICE_STAFF_CODENAMES: view_tirage, view_surcussale, view_agent), or the picker is
 * refused (403).
 */
export const choicesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/companies/choices/tirages',
      {
        config: access.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.tirages]),
        schema: {
          tags,
          summary: 'Tirages de la compagnie (pour les listes de choix)',
          response: { 200: z.array(tirageChoice), ...errors },
        },
      },
      async (request) => {
        const companyId = companyScope(request);
        if (companyId === null) return [];
        return raw.query<z.infer<typeof tirageChoice>>(
          'SELECT id, name, status, source_id FROM tirages WHERE company_id = $1 ORDER BY lower(name), id',
          [companyId],
        );
      },
    );

    app.get(
      '/api/companies/choices/surcussales',
      {
        config: access.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.surcussales]),
        schema: {
          tags,
          summary: 'Succursales visibles (pour les listes de choix)',
          response: { 200: z.array(surcussaleChoice), ...errors },
        },
      },
      async (request) => {
        const companyId = companyScope(request);
        if (companyId === null) return [];
        const params = new SqlParams();
        const where = [`s.company_id = ${params.p(companyId)}`, ...surcussaleVisibility(request, params, 's.id')];
        return raw.query<z.infer<typeof surcussaleChoice>>(
          `SELECT s.id, s.name, s.status FROM surcussales s WHERE ${where.join(' AND ')} ORDER BY lower(s.name), s.id`,
          params.values,
        );
      },
    );

    app.get(
      '/api/companies/choices/agents',
      {
        config: access.companyUsersAndStaffWith([CHOICE_STAFF_CODENAMES.agents]),
        schema: {
          tags,
          summary: 'Vendeurs visibles, par nom ou identifiant (pour les listes de choix)',
          querystring: agentChoiceQuery,
          response: { 200: z.array(agentChoice), ...errors },
        },
      },
      async (request) => {
        const companyId = companyScope(request);
        if (companyId === null) return [];
        const q = request.query;
        const params = new SqlParams();
        const where = [
          `a.company_id = ${params.p(companyId)}`,
          "a.role = 'agent'",
          "a.status <> 'archived'",
          ...agentVisibility(request, params, 'a'),
        ];
        if (q.surcussale_id) where.push(`a.surcussale_id = ${params.p(q.surcussale_id)}`);
        if (q.search) {
          const term = params.p(containsPattern(q.search));
          where.push(`(lower(a.username) LIKE ${term} OR lower(a.first_name || ' ' || a.last_name) LIKE ${term})`);
        }
        return raw.query<z.infer<typeof agentChoice>>(
          `SELECT a.id, coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.username) AS name, a.username,
                  a.surcussale_id, s.name AS surcussale_name, a.status
             FROM users a LEFT JOIN surcussales s ON s.id = a.surcussale_id
            WHERE ${where.join(' AND ')}
            ORDER BY lower(a.last_name), lower(a.first_name), a.id
            LIMIT ${params.p(q.limit)}`,
          params.values,
        );
      },
    );
  };

import { errorBody, okBody } from '@borlette/shared/contracts/common';
import {
  type LimiteFiche,
  limiteFiche,
  limiteFicheAgentChoice,
  limiteFicheAgentsQuery,
  limiteFicheInput,
  limiteFicheListQuery,
  limiteFicheUpdate,
} from '@borlette/shared/contracts/limite-fiche';
import { blockBody, pageOf } from '@borlette/shared/contracts/list';
import { centimesCell } from '@borlette/shared/contracts/money';
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
  AGENT_NAME,
  blockLimite,
  createLimite,
  deleteLimite,
  getLimite,
  LIMITE_COLUMNS,
  LIMITE_FROM,
  limiteAgentChoices,
  limiteVisibility,
  updateLimite,
} from './limite-fiche.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['limite-fiche'];

/** French spreadsheets: decimal comma. */
const money = centimesCell; // exact past 2^53 (contracts/money.ts)

const csvColumns: CsvColumn<LimiteFiche>[] = [
  { header: 'Portée', value: (r) => (r.agent_id === null ? 'Compagnie' : 'Vendeur') },
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Montant maximum', value: (r) => money(r.max_amount) },
  { header: 'Statut', value: (r) => (r.status === 'active' ? 'active' : 'suspendue') },
  { header: 'Modifiée le', value: (r) => r.updated_at },
];

/**
 * Limit per ticket. The spec gives no codename: view_typegame / add_typegame / change_typegame (game
 * limits), block_limite_game for the block toggle.
 */
export const limiteFicheRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/games/limite-fiche',
      {
        config: access.permission('view_typegame'),
        schema: {
          tags,
          summary: 'Limites par fiche (page, tri, recherche, filtres, CSV) ; ?id= répond cette limite seule',
          querystring: limiteFicheListQuery,
          response: { 200: z.union([pageOf(limiteFiche), limiteFiche]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getLimite(raw, request, companyScope(request), q.id);
        const params = new SqlParams();
        const where = [...companyCondition(request, params, 'l.company_id'), ...limiteVisibility(request, params)];
        if (q.scope) where.push(q.scope === 'company' ? 'l.agent_id IS NULL' : 'l.agent_id IS NOT NULL');
        if (q.status) where.push(`l.status = ${params.p(q.status)}`);
        if (q.agent_id) where.push(`l.agent_id = ${params.p(q.agent_id)}`);
        const spec = {
          select: LIMITE_COLUMNS,
          from: LIMITE_FROM,
          where,
          params,
          // The company-wide limit (no agent) first.
          sortable: {
            agent: `coalesce(lower(CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END), '')`,
            max_amount: 'l.max_amount',
            status: 'l.status',
            updated_at: 'l.updated_at',
          },
          search: ['ag.username', 'ag.first_name', 'ag.last_name', 's.name'],
          tieBreaker: 'l.id',
        };
        if (q.format === 'csv')
          return sendCsv(reply, 'limites-fiche', csvColumns, await listAll<LimiteFiche>(raw, spec, q));
        const page = await listPage<LimiteFiche & { company_id?: number }>(raw, spec, q);
        return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
      },
    );

    app.get(
      '/api/games/limite-fiche/agents',
      {
        config: access.permission('view_typegame'),
        schema: {
          tags,
          summary: 'Vendeurs à qui donner une limite (recherche ; un superviseur : ceux qu’il surveille)',
          querystring: limiteFicheAgentsQuery,
          response: { 200: z.array(limiteFicheAgentChoice), ...errors },
        },
      },
      async (request) => limiteAgentChoices(raw, request, companyScope(request), request.query.search),
    );

    app.post(
      '/api/games/add-limite-fiche',
      {
        config: access.permission('add_typegame'),
        schema: {
          tags,
          summary: 'Créer une limite par fiche (agent_id absent : celle de la compagnie ; max_amount en centimes)',
          body: limiteFicheInput,
          response: { 200: limiteFiche, ...errors },
        },
      },
      async (request) => createLimite(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/games/update-limite-fiche',
      {
        config: access.permission('change_typegame'),
        schema: {
          tags,
          summary: 'Modifier une limite par fiche (id dans le corps)',
          body: limiteFicheUpdate,
          response: { 200: limiteFiche, ...errors },
        },
      },
      async (request) => {
        const { id, ...input } = request.body;
        return updateLimite(database, request, companyForWrite(request), id, input);
      },
    );

    app.post(
      '/api/games/limite-fiche/block',
      {
        config: access.permission('block_limite_game'),
        schema: {
          tags,
          summary: 'Suspendre / réactiver une limite par fiche',
          body: blockBody,
          response: { 200: limiteFiche, ...errors },
        },
      },
      async (request) =>
        blockLimite(database, request, companyForWrite(request), request.body.id, request.body.blocked),
    );

    app.delete(
      '/api/games/limite-fiche',
      {
        config: access.permission('change_typegame'),
        schema: {
          tags,
          summary: 'Supprimer une limite par fiche',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        const id = deleteIdOf(request);
        await deleteLimite(database, request, companyForWrite(request), id);
        return { ok: true as const };
      },
    );
  };

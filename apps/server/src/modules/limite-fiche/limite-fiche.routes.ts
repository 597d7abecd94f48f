import { limiteFicheEndpoints as api, type LimiteFiche } from '@borlette/shared/contracts/limite-fiche';
import { centimesCell } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import { blockLimite, createLimite, deleteLimite, updateLimite } from './limite-fiche.service';
import { getLimite, limiteAgentChoices, limiteList, withoutCompany } from './limite-fiche-query';

/** French spreadsheets: decimal comma. */

const csvColumns: CsvColumn<LimiteFiche>[] = [
  { header: 'Portée', value: (r) => (r.agent_id === null ? 'Compagnie' : 'Vendeur') },
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Montant maximum', value: (r) => centimesCell(r.max_amount) },
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

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getLimite(raw, request, companyScope(request), q.id);
      const list = limiteList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'limites-fiche', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.agents, async (request) =>
      limiteAgentChoices(raw, request, companyScope(request), request.query.search),
    );

    route(app, api.create, async (request) =>
      createLimite(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...input } = request.body;
      return updateLimite(database, contextOf(request), companyForWrite(request), id, input);
    });

    route(app, api.block, async (request) =>
      blockLimite(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      await deleteLimite(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });
  };

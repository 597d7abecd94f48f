import { type Agent, agentEndpoints as api } from '@borlette/shared/contracts/agents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { companyScope } from '../_lib/scope';
import {
  archiveAgent,
  blockAgent,
  changeAgentPassword,
  createAgent,
  unlockAgentSignIn,
  updateAgent,
} from './agents.service';
import { agentList, agentOptions, getAgent, stripAgent } from './agents-query';

const STATUS_LABELS: Record<string, string> = { active: 'Actif', blocked: 'Bloqué', archived: 'Archivé' };
const percent = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

const csvColumns: CsvColumn<Agent>[] = [
  { header: 'Prénom', value: (r) => r.first_name },
  { header: 'Nom', value: (r) => r.last_name },
  { header: 'Nom d’utilisateur', value: (r) => r.username },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Superviseur', value: (r) => r.supervisor_name },
  { header: 'Commission', value: (r) => percent(r.effective_commission_bp) },
  { header: 'Peut annuler', value: (r) => r.can_cancel },
  { header: 'Statut', value: (r) => STATUS_LABELS[r.status] ?? r.status },
  { header: 'Créé le', value: (r) => r.created_at },
];

export const agentsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const list = agentList(request, request.query);
      if (request.query.format === 'csv')
        return sendCsv(reply, 'vendeurs', csvColumns, await queryAll(raw, list, request.query));
      const page = await queryPage(raw, list, request.query);
      return { ...page, results: page.results.map(stripAgent) };
    });

    route(app, api.get, async (request) =>
      stripAgent(await getAgent(raw, request, companyScope(request), request.query.id)),
    );

    route(app, api.options, async (request) => agentOptions(raw, request, companyForWrite(request)));

    route(app, api.create, async (request) =>
      createAgent(database, contextOf(request), companyForWrite(request), request.body),
    );

    route(app, api.update, async (request) => {
      const { id, ...input } = request.body;
      return updateAgent(database, contextOf(request), companyForWrite(request), id, input);
    });

    route(app, api.archive, async (request) => {
      const id = deleteIdOf(request);
      await archiveAgent(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockAgent(database, contextOf(request), companyForWrite(request), request.body.id, request.body.blocked),
    );

    route(app, api.password, async (request) => {
      const { id, password } = request.body;
      await changeAgentPassword(database, contextOf(request), companyForWrite(request), id, password);
      return { ok: true as const };
    });

    route(app, api.unlock, async (request) =>
      unlockAgentSignIn(database, contextOf(request), companyForWrite(request), request.body.id),
    );
  };

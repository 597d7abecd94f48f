import {
  agent,
  agentInput,
  agentListQuery,
  agentOptions as agentOptionsBody,
  agentUpdate,
} from '@borlette/shared/contracts/agents';
import { errorBody } from '@borlette/shared/contracts/common';
import { idBody, pageOf } from '@borlette/shared/contracts/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { personWriteRoutes, unlockSignIn } from '../_lib/people';
import { agentVisibility, companyCondition, companyScope } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';
import {
  AGENT_COLUMNS,
  AGENT_FROM,
  type AgentRow,
  agentOptions,
  archiveAgent,
  blockAgent,
  changeAgentPassword,
  createAgent,
  getAgent,
  stripAgent,
  updateAgent,
} from './agents.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['agents'];

const STATUS_LABELS: Record<string, string> = { active: 'Actif', blocked: 'Bloqué', archived: 'Archivé' };
const percent = (bp: number) => `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;

const csvColumns: CsvColumn<z.infer<typeof agent>>[] = [
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

    app.get(
      '/api/companies/list-agent',
      {
        config: access.permission('view_agent'),
        schema: {
          tags,
          summary: 'Vendeurs (pagination, tri, recherche, filtres succursale/superviseur/statut, export CSV)',
          description:
            'Sans « status », les vendeurs archivés sont exclus. Un superviseur ne voit que les vendeurs de ses succursales et ceux qui lui sont rattachés.',
          querystring: agentListQuery,
          response: { 200: pageOf(agent), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const params = new SqlParams();
        const where = [
          ...companyCondition(request, params, 'u.company_id'),
          `u.role = 'agent'`,
          ...agentVisibility(request, params, 'u'),
        ];
        where.push(q.status ? `u.status = ${params.p(q.status)}` : `u.status <> 'archived'`);
        if (q.surcussale_id) where.push(`u.surcussale_id = ${params.p(q.surcussale_id)}`);
        if (q.supervisor_id) where.push(`u.supervisor_id = ${params.p(q.supervisor_id)}`);
        const spec = {
          select: AGENT_COLUMNS,
          from: AGENT_FROM,
          where,
          params,
          sortable: {
            name: `lower(u.first_name || ' ' || u.last_name)`,
            username: 'lower(u.username)',
            surcussale: 'lower(s.name)',
            supervisor: `lower(sv.first_name || ' ' || sv.last_name)`,
            commission: 'coalesce(u.commission_bp, cs.commission_bp)',
            status: 'u.status',
            created_at: 'u.created_at',
          },
          search: ['u.first_name', 'u.last_name', `u.first_name || ' ' || u.last_name`, 'u.username', 'u.phone'],
          tieBreaker: 'u.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'vendeurs', csvColumns, await listAll(raw, spec, q));
        const page = await listPage<AgentRow>(raw, spec, q);
        return { ...page, results: page.results.map(stripAgent) };
      },
    );

    app.get(
      '/api/companies/agent',
      {
        config: access.permission('view_agent'),
        schema: { tags, summary: 'Un vendeur', querystring: idBody, response: { 200: agent, ...errors } },
      },
      async (request) => stripAgent(await getAgent(raw, request, companyScope(request), request.query.id)),
    );

    app.get(
      '/api/companies/agent/options',
      {
        config: access.permission('view_agent'),
        schema: {
          tags,
          summary: 'Choix du formulaire vendeur : succursales et superviseurs permis, commission par défaut',
          response: { 200: agentOptionsBody, ...errors },
        },
      },
      async (request) => agentOptions(raw, request, companyForWrite(request)),
    );

    app.post(
      '/api/companies/agent',
      {
        config: access.permission('add_agent'),
        schema: { tags, summary: 'Créer un vendeur', body: agentInput, response: { 200: agent, ...errors } },
      },
      async (request) => createAgent(database, request, companyForWrite(request), request.body),
    );

    app.put(
      '/api/companies/agent',
      {
        config: access.permission('change_agent'),
        schema: {
          tags,
          summary: 'Modifier un vendeur (tout l’enregistrement; statut absent = inchangé)',
          body: agentUpdate,
          response: { 200: agent, ...errors },
        },
      },
      async (request) => {
        const { id, ...input } = request.body;
        return updateAgent(database, request, companyForWrite(request), id, input);
      },
    );

    personWriteRoutes(app, {
      path: '/api/companies/agent',
      tags,
      item: agent,
      archive: {
        config: access.permission('change_agent'),
        summary: 'Archiver un vendeur (masqué, connexion refusée, sessions fermées; gardé pour l’historique)',
        run: (request, id) => archiveAgent(database, request, companyForWrite(request), id),
      },
      block: {
        config: access.permission('block_agent'),
        summary: 'Bloquer / débloquer un vendeur (bloqué : connexion refusée, sessions fermées)',
        run: (request, id, blocked) => blockAgent(database, request, companyForWrite(request), id, blocked),
      },
      password: {
        config: access.permission('change_password_agent'),
        summary: 'Changer le mot de passe d’un vendeur (ses sessions sont fermées)',
        run: (request, id, password) => changeAgentPassword(database, request, companyForWrite(request), id, password),
      },
      unlock: {
        config: access.permission('change_password_agent'),
        summary: 'Lever le blocage de connexion d’un vendeur (ses échecs de mot de passe sont effacés)',
        run: async (request, id) => {
          const companyId = companyForWrite(request);
          await getAgent(raw, request, companyId, id);
          return unlockSignIn(database, request, { entity: 'agent', companyId, id });
        },
      },
    });
  };

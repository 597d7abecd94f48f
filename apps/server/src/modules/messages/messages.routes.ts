import { errorBody, okBody } from '@borlette/shared/contracts/common';
import { pageOf } from '@borlette/shared/contracts/list';
import { type Message, message, messageChoices, messageListQuery } from '@borlette/shared/contracts/messages';
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
  createMessage,
  deleteMessage,
  getMessage,
  messageChoices as loadChoices,
  MESSAGE_COLUMNS,
  MESSAGE_FROM,
  messageVisibility,
  PERIOD_SQL,
  readCreateForm,
  readUpdateForm,
  updateMessage,
} from './messages.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['messages'];

const AUDIENCE_LABELS = { all: 'Tous les vendeurs', surcussale: 'Une succursale', agents: 'Vendeurs choisis' };

const csvColumns: CsvColumn<Message>[] = [
  { header: 'Titre', value: (r) => r.title },
  { header: 'Texte', value: (r) => r.text },
  { header: 'Audience', value: (r) => AUDIENCE_LABELS[r.audience] },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Vendeurs', value: (r) => r.agents.map((a) => a.name).join(', ') },
  { header: 'Début', value: (r) => r.starts_at_local.replace('T', ' ') },
  { header: 'Fin', value: (r) => r.ends_at_local?.replace('T', ' ') },
  { header: 'Fuseau', value: (r) => r.timezone },
  { header: 'Statut', value: (r) => (r.status === 'active' ? 'actif' : 'inactif') },
  { header: 'Créé par', value: (r) => r.created_by_name },
  { header: 'Créé le', value: (r) => r.created_at },
];

const multipartBodyDoc =
  'Multipart (ou JSON) : title, text, audience (all | surcussale | agents), surcussale_id, agents[0..n], ' +
  'starts_at, ends_at (AAAA-MM-JJTHH:MM dans le fuseau de la compagnie, ou un instant ISO avec décalage), ' +
  'status (active | inactive), image (fichier, facultatif), remove_image';

export const messagesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/companies/messages',
      {
        config: access.permission('view_apppromote'),
        schema: {
          tags,
          summary: 'Messages push (page, tri, recherche, filtres, CSV) ; ?id= répond ce message seul',
          querystring: messageListQuery,
          response: { 200: z.union([pageOf(message), message]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) {
          const { company_id, ...one } = await getMessage(raw, request, companyScope(request), q.id);
          return one;
        }
        const params = new SqlParams();
        const where = [...companyCondition(request, params, 'm.company_id'), ...messageVisibility(request, params)];
        if (q.status) where.push(`m.status = ${params.p(q.status)}`);
        if (q.audience) where.push(`m.audience = ${params.p(q.audience)}`);
        if (q.period) where.push(`${PERIOD_SQL} = ${params.p(q.period)}`);
        const spec = {
          select: MESSAGE_COLUMNS,
          from: MESSAGE_FROM,
          where,
          params,
          sortable: {
            starts_at: 'm.starts_at',
            ends_at: 'm.ends_at',
            title: 'lower(m.title)',
            status: 'm.status',
            created_at: 'm.created_at',
          },
          search: ['m.title', 'm.body', 's.name'],
          tieBreaker: 'm.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'messages', csvColumns, await listAll<Message>(raw, spec, q));
        const page = await listPage<Message & { company_id?: number }>(raw, spec, q);
        return { ...page, results: page.results.map(({ company_id, ...r }) => r) };
      },
    );

    app.get(
      '/api/companies/messages/choices',
      {
        config: access.permission('view_apppromote'),
        schema: {
          tags,
          summary: 'Succursales et vendeurs que l’utilisateur peut viser (un superviseur : ceux qu’il surveille)',
          response: { 200: messageChoices, ...errors },
        },
      },
      async (request) => loadChoices(raw, request, companyScope(request)),
    );

    app.post(
      '/api/companies/messages',
      {
        config: access.permission('add_apppromote'),
        schema: {
          tags,
          summary: 'Créer un message push',
          description: multipartBodyDoc,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: message, ...errors },
        },
      },
      async (request) => {
        const companyId = companyForWrite(request);
        const { values, image } = await readCreateForm(request);
        return createMessage(database, request, companyId, values, image);
      },
    );

    app.put(
      '/api/companies/messages',
      {
        config: access.permission('change_apppromote'),
        schema: {
          tags,
          summary: 'Modifier un message push (id dans le corps)',
          description: multipartBodyDoc,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: message, ...errors },
        },
      },
      async (request) => {
        const companyId = companyForWrite(request);
        const { values, image } = await readUpdateForm(request);
        const { id, ...input } = values;
        return updateMessage(database, request, companyId, id, input, image);
      },
    );

    app.delete(
      '/api/companies/messages',
      {
        config: access.permission('change_apppromote'),
        schema: {
          tags,
          summary: 'Supprimer un message push',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        const id = deleteIdOf(request);
        await deleteMessage(database, request, companyForWrite(request), id);
        return { ok: true as const };
      },
    );
  };

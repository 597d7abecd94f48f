import {
  messageEndpoints as api,
  type Message,
  messageInput,
  messageUpdate,
} from '@borlette/shared/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { companyScope } from '../_lib/scope';
import { validate } from '../_lib/validate';
import { createMessage, deleteMessage, updateMessage } from './messages.service';
import { getMessage, messageList, messageTargets, withoutCompany } from './messages-query';

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

/** Form -> values: multipart text fields normalised, only the `image` file accepted. */
async function readMessageForm<T extends typeof messageInput | typeof messageUpdate>(
  request: FastifyRequest,
  schema: T,
) {
  const { fields, files } = await parseForm(request);
  for (const name of Object.keys(files)) {
    if (name !== 'image') throw badRequest(`Fichier inattendu (« ${name} »).`, { [name]: 'Fichier inattendu.' });
  }
  const values = validate(schema, request.isMultipart() ? normaliseFormFields(fields) : fields);
  return { values: values as z.output<T>, image: files.image ?? null };
}

export const messagesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return withoutCompany(await getMessage(raw, request, companyScope(request), q.id));
      const list = messageList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'messages', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.choices, async (request) => messageTargets(raw, request, companyScope(request)));

    route(app, api.create, async (request) => {
      const companyId = companyForWrite(request);
      const { values, image } = await readMessageForm(request, messageInput);
      return createMessage(database, contextOf(request), companyId, values, image);
    });

    route(app, api.update, async (request) => {
      const companyId = companyForWrite(request);
      const { values, image } = await readMessageForm(request, messageUpdate);
      const { id, ...input } = values;
      return updateMessage(database, contextOf(request), companyId, id, input, image);
    });

    route(app, api.remove, async (request) => {
      const id = deleteIdOf(request);
      await deleteMessage(database, contextOf(request), companyForWrite(request), id);
      return { ok: true as const };
    });
  };

import { contactEndpoints as api, type ContactMessage } from '@borlette/shared/contracts/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { markContactHandled } from './contact.service';
import { contactList, getContactMessage } from './contact-query';

/** Issue 16: the platform's inbox of the public contact form. */
const csvColumns: CsvColumn<ContactMessage>[] = [
  { header: 'Reçu le', value: (r) => r.created_at },
  { header: 'Nom', value: (r) => r.name },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'Sujet', value: (r) => r.subject },
  { header: 'Message', value: (r) => r.message },
  { header: 'Traité', value: (r) => r.handled },
];

export const contactsInboxRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getContactMessage(raw, q.id);
      const list = contactList(q);
      if (q.format === 'csv') return sendCsv(reply, 'messages-contact', csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });

    route(app, api.handled, async (request) => {
      const { id, handled } = request.body;
      return markContactHandled(database, contextOf(request), id, handled);
    });
  };

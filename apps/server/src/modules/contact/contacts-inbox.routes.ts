import {
  type ContactMessage,
  contactHandledBody,
  contactListQuery,
  contactMessage,
  errorBody,
  pageOf,
} from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { audit } from '../../http/audit';
import { notFound } from '../../http/errors';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { SqlParams } from '../_lib/sql';

/**
 * Issue 16: the platform's inbox of the public contact form. Staff need the platform's « général »
 * codenames (no contact codename exists; these already concern the platform itself, never a company).
 */
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['contact'];
const SUPERUSER = ['superuser'] as const;
const utc = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const COLUMNS = `m.id, m.name, m.email, m.phone, m.subject, m.message, m.handled,
  ${utc('m.handled_at')} AS handled_at, ${utc('m.created_at')} AS created_at`;
const FROM = 'FROM contact_messages m';

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
    const getOne = async (id: number) => {
      const [row] = await raw.query<ContactMessage>(`SELECT ${COLUMNS} ${FROM} WHERE m.id = $1`, [id]);
      if (!row) throw notFound('Message introuvable.');
      return row;
    };

    app.get(
      '/api/generals/contacts',
      {
        config: access.permission('view_generale', SUPERUSER),
        schema: {
          tags,
          summary:
            'Messages du formulaire de contact (pagination, tri, recherche, filtre traité, export CSV) ; avec id, un message',
          querystring: contactListQuery,
          response: { 200: z.union([contactMessage, pageOf(contactMessage)]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getOne(q.id);
        const params = new SqlParams();
        const where: string[] = [];
        if (q.handled) where.push(`m.handled = ${params.p(q.handled === 'true')}`);
        const spec = {
          select: COLUMNS,
          from: FROM,
          where,
          params,
          sortable: {
            created_at: 'm.created_at',
            name: 'lower(m.name)',
            email: 'lower(m.email)',
            handled: 'm.handled',
          },
          search: ['m.name', 'm.email', 'm.phone', 'm.subject', 'm.message'],
          tieBreaker: 'm.id',
        };
        const listQ = q;
        if (q.format === 'csv')
          return sendCsv(reply, 'messages-contact', csvColumns, await listAll<ContactMessage>(raw, spec, listQ));
        return listPage<ContactMessage>(raw, spec, listQ);
      },
    );

    app.post(
      '/api/generals/contacts/handled',
      {
        config: access.permission('change_generale', SUPERUSER),
        schema: {
          tags,
          summary: 'Marquer un message de contact comme traité ou non traité',
          body: contactHandledBody,
          response: { 200: contactMessage, ...errors },
        },
      },
      async (request) => {
        const { id, handled } = request.body;
        // The change and its audit entry in one transaction; the row lock serialises parallel marks,
        // and `before` is the row as it was.
        await database.transaction(async (tx) => {
          const [row] = await tx.query<{ before: boolean }>(
            `UPDATE contact_messages m SET handled = $2,
                    handled_at = CASE WHEN $2 THEN coalesce(CASE WHEN m.handled THEN m.handled_at END, now()) END
               FROM (SELECT id, handled FROM contact_messages WHERE id = $1 FOR UPDATE) old
              WHERE m.id = old.id RETURNING old.handled AS before`,
            [id, handled],
          );
          if (!row) throw notFound('Message introuvable.');
          if (row.before !== handled) {
            await audit(tx, request, {
              action: 'update',
              entity: 'contact_message',
              entityId: id,
              companyId: null,
              before: { handled: row.before },
              after: { handled },
            });
          }
        });
        return getOne(id);
      },
    );
  };

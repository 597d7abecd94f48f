import { contactRequest, contactResponse, errorBody } from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { audit } from '../../http/audit';
import { AppError } from '../../http/errors';

const PER_HOUR = 5;

export const contactRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/public/contact',
      {
        config: access.public(),
        schema: {
          tags: ['public'],
          summary: 'Envoyer un message depuis la page Contact',
          body: contactRequest,
          response: { 200: contactResponse, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const { raw } = database;
        const [recent] = await raw.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM contact_messages WHERE ip = $1 AND created_at > now() - interval '1 hour'",
          [request.ip],
        );
        if (recent.n >= PER_HOUR) {
          throw new AppError(429, 'TOO_MANY_MESSAGES', 'Vous avez envoyé trop de messages. Réessayez dans une heure.');
        }
        const b = request.body;
        const [row] = await raw.query<{ id: number }>(
          `INSERT INTO contact_messages (name, email, phone, subject, message, ip)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [b.name, b.email, b.phone || null, b.subject || null, b.message, request.ip],
        );
        await audit(raw, request, {
          action: 'create',
          entity: 'contact_message',
          entityId: row.id,
          companyId: null,
          after: b,
        });
        return { ok: true as const, id: row.id };
      },
    );
  };

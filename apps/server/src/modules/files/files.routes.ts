import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app';

/** Public images by unguessable id (logos and photos show in <img>, which sends no token). */
export const filesRoutes =
  ({ database }: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
      const m = /^([0-9a-f-]{36})\.webp$/.exec(request.params.name);
      if (!m) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Fichier introuvable.' });
      const [row] = await database.raw.query<{ data: Buffer; content_type: string }>(
        'SELECT data, content_type FROM files WHERE id = $1',
        [m[1]],
      );
      if (!row) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Fichier introuvable.' });
      return reply
        .header('content-type', row.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(row.data));
    });
  };

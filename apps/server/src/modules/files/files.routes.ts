import { fileEndpoints as api } from '@borlette/shared/contracts/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { route } from '../../http/route';
import { findFile } from './files-query';

/** Public images by unguessable id (logos and photos show in <img>, which sends no token). */
export const filesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.image, async (request, reply) => {
      const m = /^([0-9a-f-]{36})\.webp$/.exec(request.params.name);
      if (!m) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Fichier introuvable.' });
      // A file's content never changes, but it may be removed (a replaced photo or logo must stop being
      // served: issue 15): caches revalidate every use against the id (a 304 costs a key lookup), so a
      // removed image is a 404 at once instead of living a year in a browser or a proxy.
      const etag = `"${m[1]}"`;
      const revalidating = request.headers['if-none-match'] === etag;
      const row = await findFile(database.raw, m[1], !revalidating);
      if (!row) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Fichier introuvable.' });
      reply
        .header('etag', etag)
        .header('cache-control', 'public, no-cache')
        .header('x-content-type-options', 'nosniff');
      if (revalidating) return reply.status(304).send();
      return reply.header('content-type', row.content_type).send(Buffer.from(row.data as Uint8Array));
    });
  };

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and
 * index.html for every other non-API path (client-side routing). Unknown /api paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const index = path.join(config.webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Ressource introuvable.' });
    }
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      // A missing file (old asset, typo): a real 404, not the app.
      return reply.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable.');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}

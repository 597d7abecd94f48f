import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { backupEndpoints as api } from '@borlette/shared/contracts/backup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { backupTokenPath } from './backup-files';

/**
 * Online backup of the embedded database: `GET /api/ops/backup` answers a gzip tar of the PGlite
 * folder, taken between two statements while the app keeps serving (PGlite runs one statement at a
 * time: the copy is consistent). Only `npm run backup` calls it: it proves it runs on this machine by
 * the random token this server writes at start under DATA_DIR (mode 600) — whoever can read that
 * file can copy the folder anyway. With PostgreSQL the route does not exist (pg_dump is the tool).
 */
export const backupRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const dump = database.dumpDataDir;
    if (database.kind !== 'pglite' || !dump) return;
    const token = randomBytes(32).toString('hex');
    const file = backupTokenPath(config.dataDir);
    let written = false;
    try {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(file, token, { mode: 0o600 });
      written = true;
    } catch (err) {
      app.log.warn({ err, file }, 'backup token not written: online backup unavailable');
    }
    if (!written) return;

    route(app, api.download, async (request, reply) => {
      const given = Buffer.from(String(request.headers['x-backup-token'] ?? ''));
      const expected = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'FORBIDDEN', 'Jeton de sauvegarde invalide.');
      }
      const started = performance.now();
      const blob = await dump.call(database);
      const body = Buffer.from(await blob.arrayBuffer());
      request.log.info({ bytes: body.length, ms: Math.round(performance.now() - started) }, 'backup taken');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', 'attachment; filename="borlette-pglite.tar.gz"')
        .header('cache-control', 'no-store')
        .send(body);
    });
  };

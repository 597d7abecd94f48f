import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { demoEndpoints as api } from '@borlette/shared/contracts/demo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf } from '../../http/auth';
import { contextOf } from '../../http/context';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { backupTokenPath } from '../backup/backup-files';
import { findDemoCompany, resetDemoAudited } from './demo.service';

const NOT_DEMO = 'La remise à zéro n’existe que pour la compagnie de démonstration (Borlette Démo).';

/**
 * The demo's reset (demo.service.ts): by its admin (role company: platform staff sign in as it) from the back
 * office, and by `npm run demo:reset` on this machine while the embedded database is in use by this
 * server (the CLI proves it by the backup token, as `npm run backup` does).
 */
export const demoRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.reset, async (request) => {
      const auth = authOf(request);
      const demo = await findDemoCompany(database.raw);
      // Any other company has no demo to reset: not found (nothing of it is touched).
      if (!demo || auth.companyId !== demo.id) throw new AppError(404, 'NOT_FOUND', NOT_DEMO);
      return resetDemoAudited(database, contextOf(request), demo);
    });

    if (database.kind !== 'pglite') return;
    route(app, api.opsReset, async (request) => {
      let token = '';
      try {
        token = readFileSync(backupTokenPath(config.dataDir), 'utf8').trim();
      } catch {
        // No token file: the route answers as for a wrong token.
      }
      const given = Buffer.from(String(request.headers['x-backup-token'] ?? ''));
      const expected = Buffer.from(token);
      if (!token || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, 'FORBIDDEN', 'Jeton invalide.');
      }
      const demo = await findDemoCompany(database.raw);
      if (!demo) throw new AppError(404, 'NOT_FOUND', 'Aucune compagnie de démonstration dans cette base.');
      return resetDemoAudited(database, contextOf(request), demo, {
        userId: null,
        role: null,
        username: 'npm run demo:reset',
      });
    });
  };

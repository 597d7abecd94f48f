import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { errorBody } from '@borlette/shared';
import { demoResetAnswer } from '@borlette/shared/contracts/demo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { backupTokenPath } from '../backup/backup-files';
import { findDemoCompany, resetDemo } from './demo.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody };
const NOT_DEMO = 'La remise à zéro n’existe que pour la compagnie de démonstration (Borlette Démo).';

/**
 * The demo's reset (demo.service.ts): by its admin (role company: platform staff sign in as it) from the back
 * office, and by `npm run demo:reset` on this machine while the embedded database is in use by this
 * server (the CLI proves it by the backup token, as `npm run backup` does).
 */
export const demoRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/companies/demo/reset',
      {
        config: access.signedIn(['company']),
        schema: {
          tags: ['demo'],
          summary: 'Remettre la démonstration à zéro (compagnie de démonstration seulement)',
          response: { 200: demoResetAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const demo = await findDemoCompany(database.raw);
        // Any other company has no demo to reset: not found (nothing of it is touched).
        if (!demo || auth.companyId !== demo.id) throw new AppError(404, 'NOT_FOUND', NOT_DEMO);
        return database.transaction(async (raw) => {
          const result = await resetDemo(raw, demo);
          await audit(raw, request, {
            action: 'demo_reset',
            entity: 'company',
            entityId: demo.id,
            companyId: demo.id,
            after: result,
          });
          return result;
        });
      },
    );

    if (database.kind !== 'pglite') return;
    app.post(
      '/api/ops/demo-reset',
      {
        config: access.public(),
        schema: { tags: ['ops'], summary: 'Remise à zéro de la démonstration (npm run demo:reset)', hide: true },
      },
      async (request) => {
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
        return database.transaction(async (raw) => {
          const result = await resetDemo(raw, demo);
          await audit(raw, request, {
            action: 'demo_reset',
            entity: 'company',
            entityId: demo.id,
            companyId: demo.id,
            actor: { userId: null, role: null, username: 'npm run demo:reset' },
            after: result,
          });
          return result;
        });
      },
    );
  };

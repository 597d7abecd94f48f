import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';

export const healthRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: access.public(),
        schema: { tags: ['ops'], summary: 'Vivant', response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/api/ready',
      {
        config: access.public(),
        schema: {
          tags: ['ops'],
          summary: 'Prêt (base de données joignable)',
          response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
        },
      },
      async () => {
        await database.raw.query('SELECT 1');
        return { status: 'ready' as const, database: database.kind };
      },
    );
  };

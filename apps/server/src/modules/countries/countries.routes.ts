import { errorBody } from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';

export const countrySummary = z.object({ name_code: z.string(), name: z.string(), flag: z.string().nullable() });

/** Issue 2 needs only the switcher's list; issue 3 brings the countries' management. */
export const countriesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/generals/countries',
      {
        config: access.permission('view_country', ['superuser']),
        schema: {
          tags: ['countries'],
          summary: 'Pays',
          response: { 200: z.array(countrySummary), 401: errorBody, 403: errorBody },
        },
      },
      async () =>
        database.raw.query<z.infer<typeof countrySummary>>('SELECT name_code, name, flag FROM countries ORDER BY name'),
    );
  };

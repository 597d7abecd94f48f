import { errorBody } from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { authOf } from '../../http/auth';

export const simpleCompany = z.object({
  ref_code: z.string(),
  companyname: z.string(),
  user_photo: z.string().nullable(),
});

/** Issue 2 needs only the selector's list; issue 3 brings the companies' management. */
export const companiesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/generals/simple-compagnies',
      {
        config: access.permission('view_company', ['superuser']),
        schema: {
          tags: ['companies'],
          summary: 'Compagnies pour le sélecteur (filtrées par le pays choisi)',
          response: { 200: z.array(simpleCompany), 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return database.raw.query<z.infer<typeof simpleCompany>>(
          `SELECT c.ref_code, c.name AS companyname, c.logo AS user_photo
             FROM companies c JOIN countries k ON k.id = c.country_id
            WHERE $1::text IS NULL OR k.name_code = $1::text
            ORDER BY c.name`,
          [auth.selectCountryCode],
        );
      },
    );
  };

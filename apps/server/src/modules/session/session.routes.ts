import {
  currentUser,
  errorBody,
  ROLE_PREFIX,
  ROLES,
  selectCompanyRequest,
  selectCountryRequest,
} from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { audit } from '../../http/audit';
import { authOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { loadCurrentUser } from './current-user';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export const sessionRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    // GET /api/{generals|companies|supervisors|agents}/user: each answers only its own role.
    for (const role of ROLES) {
      app.get(
        `/api/${ROLE_PREFIX[role]}/user`,
        {
          config: access.signedIn([role]),
          schema: {
            tags: ['session'],
            summary: `Utilisateur connecté (${role})`,
            response: { 200: currentUser, ...errors },
          },
        },
        async (request) => loadCurrentUser(raw, authOf(request).userId),
      );
    }

    app.post(
      '/api/generals/company',
      {
        config: access.signedIn(['superuser']),
        schema: {
          tags: ['session'],
          summary: 'Choisir la compagnie sur laquelle agir (ref_code ou « all »)',
          body: selectCompanyRequest,
          response: { 200: currentUser, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const ref = request.body.ref_code;
        if (ref !== 'all') {
          const found = await raw.query('SELECT 1 FROM companies WHERE ref_code = $1', [ref]);
          if (!found.length) throw badRequest('Compagnie introuvable.', { ref_code: 'Compagnie introuvable.' });
        }
        await raw.query('UPDATE users SET select_company = $1, updated_at = now() WHERE id = $2', [ref, auth.userId]);
        await audit(raw, request, {
          action: 'select_company',
          entity: 'user',
          entityId: auth.userId,
          companyId: null,
          before: { select_company: auth.selectCompany },
          after: { select_company: ref },
        });
        return loadCurrentUser(raw, auth.userId);
      },
    );

    app.post(
      '/api/generals/country',
      {
        config: access.signedIn(['superuser']),
        schema: {
          tags: ['session'],
          summary: 'Choisir le pays qui filtre les listes (name_code ou « ALL »)',
          body: selectCountryRequest,
          response: { 200: currentUser, ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const code = request.body.country_code === 'ALL' ? null : request.body.country_code;
        if (code) {
          const found = await raw.query('SELECT 1 FROM countries WHERE name_code = $1', [code]);
          if (!found.length) throw badRequest('Pays introuvable.', { country_code: 'Pays introuvable.' });
        }
        // A selected company outside the new country no longer fits the filter: back to 'all'.
        await raw.query(
          `UPDATE users SET select_country_code = $1, updated_at = now(),
                  select_company = CASE
                    WHEN $1::text IS NULL OR select_company IS NULL OR select_company = 'all' THEN select_company
                    WHEN EXISTS (SELECT 1 FROM companies c JOIN countries k ON k.id = c.country_id
                                  WHERE c.ref_code = users.select_company AND k.name_code = $1::text) THEN select_company
                    ELSE 'all' END
            WHERE id = $2`,
          [code, auth.userId],
        );
        await audit(raw, request, {
          action: 'select_country',
          entity: 'user',
          entityId: auth.userId,
          companyId: null,
          before: { select_country_code: auth.selectCountryCode },
          after: { select_country_code: code },
        });
        return loadCurrentUser(raw, auth.userId);
      },
    );
  };

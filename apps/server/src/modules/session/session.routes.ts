import { sessionEndpoints as api } from '@borlette/shared/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { loadCurrentUser } from './current-user';
import { selectCompany, selectCountry } from './session.service';

export const sessionRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    // GET /api/{generals|companies|supervisors|agents}/user: each answers only its own role.
    for (const me of [api.superuser, api.company, api.supervisor, api.agent]) {
      route(app, me, async (request) => loadCurrentUser(raw, authOf(request).userId));
    }

    route(app, api.selectCompany, async (request) =>
      selectCompany(database, contextOf(request), request.body.ref_code),
    );

    route(app, api.selectCountry, async (request) => {
      const code = request.body.country_code === 'ALL' ? null : request.body.country_code;
      return selectCountry(database, contextOf(request), code);
    });
  };

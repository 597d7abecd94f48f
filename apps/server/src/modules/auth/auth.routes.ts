import { authEndpoints as api } from '@borlette/shared/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { unauthorized } from '../../http/errors';
import { route } from '../../http/route';
import { login, logout } from './auth.service';

export const authRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.login, async (request) => login(database, config, contextOf(request), request.body));

    route(app, api.logout, async (request) => {
      if (request.headers.authorization && !request.auth) throw unauthorized('Session déjà expirée.');
      await logout(database, contextOf(request));
      return { ok: true as const };
    });
  };

import { errorBody, loginRequest, loginResponse, okBody } from '@borlette/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { login, logout } from './auth.service';

export const authRoutes =
  ({ database, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/auth/login',
      {
        config: access.public(),
        schema: {
          tags: ['session'],
          summary: 'Se connecter (tous les rôles)',
          body: loginRequest,
          response: { 200: loginResponse, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
        },
      },
      async (request) => login(database, config, request, request.body),
    );

    app.post(
      '/api/user/auth/logout',
      {
        // Public so that a client with an already-dead token still gets a clean answer;
        // a live token is revoked.
        config: access.public(),
        schema: {
          tags: ['session'],
          summary: 'Se déconnecter (révoque le jeton)',
          response: { 200: okBody, 401: errorBody },
        },
      },
      async (request) => {
        if (request.headers.authorization && !request.auth) throw unauthorized('Session déjà expirée.');
        await logout(database, request);
        return { ok: true as const };
      },
    );
  };

import { accountProfile, ownPasswordAnswer, ownPasswordInput } from '@borlette/shared/contracts/account';
import { errorBody } from '@borlette/shared/contracts/common';
import { ROLE_PREFIX, ROLES } from '@borlette/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { authOf } from '../../http/auth';
import { loadAccount, updateAccount } from './account.service';
import { changeOwnPassword } from './own-password';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const tags = ['account'];

/** « Mon compte » of the company admin (companies) and of a supervisor (supervisors); hidden for the superuser. */
const PREFIXES = [
  { prefix: 'companies', role: 'company' },
  { prefix: 'supervisors', role: 'supervisor' },
] as const;

export const accountRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { prefix, role } of PREFIXES) {
      app.get(
        `/api/${prefix}/user/account`,
        {
          config: access.signedIn([role]),
          schema: {
            tags,
            summary: 'Mon compte : l’utilisateur connecté avec son téléphone et son e-mail',
            response: { 200: accountProfile, ...errors },
          },
        },
        async (request) => loadAccount(database.raw, authOf(request).userId),
      );

      app.put(
        `/api/${prefix}/user`,
        {
          config: access.signedIn([role]),
          schema: {
            tags,
            summary:
              'Modifier mon compte (multipart) : first_name, last_name, phone, email (change_user_info) ; photo' +
              (role === 'company' ? ', logo' : '') +
              ' ou remove_photo (change_logo) ; current_password + new_password (son propre mot de passe, sans codename). ' +
              'Chaque partie n’est appliquée que si elle est envoyée.',
            consumes: ['multipart/form-data', 'application/json'],
            response: { 200: accountProfile, ...errors },
          },
        },
        async (request) => updateAccount(database, request),
      );
    }

    // The superuser's page holds only its password (the spec hides « mon compte » for it): no PUT …/user.
    app.get(
      '/api/generals/user/account',
      {
        config: access.signedIn(['superuser']),
        schema: {
          tags,
          summary: 'Le compte du superutilisateur connecté (sa page n’offre que le changement de mot de passe)',
          response: { 200: accountProfile, ...errors },
        },
      },
      async (request) => loadAccount(database.raw, authOf(request).userId),
    );

    // Every person changes their own password, whatever their role or codenames (own-password.ts).
    for (const role of ROLES) {
      app.post(
        `/api/${ROLE_PREFIX[role]}/user/password`,
        {
          config: access.signedIn([role]),
          schema: {
            tags,
            summary:
              'Changer son propre mot de passe : current_password (requis, vérifié et limité comme la connexion) + ' +
              'new_password ; les autres sessions sont fermées. Personne ne change celui d’un autre ici.',
            body: ownPasswordInput,
            response: { 200: ownPasswordAnswer, ...errors },
          },
        },
        async (request) => changeOwnPassword(database, request, request.body),
      );
    }
  };

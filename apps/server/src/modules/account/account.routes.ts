import { accountEndpoints as api } from '@borlette/shared/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { parseForm } from '../_lib/multipart';
import { loadAccount, updateAccount } from './account.service';
import { changeOwnPassword } from './own-password';

export const accountRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // « Mon compte » of the company admin and of a supervisor; the superuser's page holds only its password.
    for (const profile of [api.companyProfile, api.supervisorProfile, api.superuserProfile]) {
      route(app, profile, async (request) => loadAccount(database.raw, authOf(request).userId));
    }

    for (const update of [api.companyUpdate, api.supervisorUpdate]) {
      route(app, update, async (request) => updateAccount(database, contextOf(request), await parseForm(request)));
    }

    // Every person changes their own password, whatever their role or codenames (own-password.ts).
    for (const password of [api.superuserPassword, api.companyPassword, api.supervisorPassword, api.agentPassword]) {
      route(app, password, async (request) => changeOwnPassword(database, contextOf(request), request.body));
    }
  };

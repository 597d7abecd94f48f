import { companySettingsEndpoints as api } from '@borlette/shared/contracts/company-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { getSettings, settingsCompany, updateSettings } from './company-settings.service';

/** GET/PUT /api/companies/settings: the company's settings (docs/domain.md's "defaults" and ticket ceilings). */
export const companySettingsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, api.get, async (request) => getSettings(database.raw, settingsCompany(request)));

    route(app, api.update, async (request) =>
      updateSettings(database, contextOf(request), companyForWrite(request), request.body),
    );
  };

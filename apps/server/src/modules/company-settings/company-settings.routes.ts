import { errorBody } from '@borlette/shared/contracts/common';
import { companySettingsInput, companySettingsView } from '@borlette/shared/contracts/company-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { companyForWrite } from '../../http/auth';
import { getSettings, settingsCompany, updateSettings } from './company-settings.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['company-settings'];

/**
 * Who: the company admin, and the superuser acting on its selected company (not « Toutes » for a
 * write). Supervisors and agents never (no codename of the spec covers these settings). The admin
 * holds every company codename; platform staff need view/change_company (their right over
 * companies) or view/change_tirage (they already set that company's draws).
 */
const ROLES = ['company', 'superuser'] as const;

/** GET/PUT /api/companies/settings: the company's settings (domain.md's "defaults" and ticket ceilings). */
export const companySettingsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/companies/settings',
      {
        config: access.anyOf(['view_company', 'view_tirage'], ROLES),
        schema: {
          tags,
          summary:
            'Paramètres de la compagnie : délai d’annulation, fermeture des ventes, validité des gains, commission par défaut, plafonds des fiches',
          response: { 200: companySettingsView, ...errors },
        },
      },
      async (request) => getSettings(database.raw, settingsCompany(request)),
    );

    app.put(
      '/api/companies/settings',
      {
        config: access.anyOf(['change_company', 'change_tirage'], ROLES),
        schema: {
          tags,
          summary:
            'Modifier des paramètres (ceux absents gardent leur valeur) ; une nouvelle fermeture des ventes recalcule les tirages qui suivaient l’ancienne',
          body: companySettingsInput,
          response: { 200: companySettingsView, ...errors },
        },
      },
      async (request) => updateSettings(database, request, companyForWrite(request), request.body),
    );
  };

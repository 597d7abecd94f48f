import { companyEndpoints as api, type Company } from '@borlette/shared/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { validate } from '../_lib/validate';
import {
  blockCompany,
  createCompany,
  deleteCompany,
  setAdminPassword,
  unlockAdminSignIn,
  updateCompany,
} from './companies.service';
import { companyList, getCompany, simpleCompanies } from './companies-query';

const csvColumns: CsvColumn<Company>[] = [
  { header: 'Code', value: (r) => r.ref_code },
  { header: 'Nom', value: (r) => r.name },
  { header: 'Pays', value: (r) => r.country_name },
  { header: 'Ville', value: (r) => r.city_name },
  { header: 'Fuseau horaire', value: (r) => r.timezone },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Téléphone', value: (r) => r.phone },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Adresse', value: (r) => r.address },
  { header: 'Statut', value: (r) => (r.status === 'blocked' ? 'bloquée' : 'active') },
  { header: 'Vendeurs', value: (r) => r.agents_count },
  { header: 'Admin', value: (r) => r.admin_username },
  { header: 'Créée le', value: (r) => r.created_at },
];

export const companiesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.simpleList, async (request) => simpleCompanies(raw, request));

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getCompany(raw, q.id);
      const list = companyList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'compagnies', csvColumns, await queryAll(raw, list, q));
      return queryPage(raw, list, q);
    });

    route(app, api.create, async (request) => {
      const { fields, files } = await parseForm(request);
      const input = validate(api.create.body, normaliseFormFields(fields));
      return createCompany(database, contextOf(request), input, files.logo);
    });

    route(app, api.update, async (request) => {
      const { fields, files } = await parseForm(request);
      const { id, ...input } = validate(api.update.body, normaliseFormFields(fields));
      return updateCompany(database, contextOf(request), id, input, files.logo);
    });

    route(app, api.remove, async (request) => {
      await deleteCompany(database, contextOf(request), deleteIdOf(request));
      return { ok: true as const };
    });

    route(app, api.block, async (request) =>
      blockCompany(database, contextOf(request), request.body.id, request.body.blocked),
    );

    route(app, api.password, async (request) => {
      await setAdminPassword(database, contextOf(request), request.body.id, request.body.password);
      return { ok: true as const };
    });

    route(app, api.unlock, async (request) => unlockAdminSignIn(database, contextOf(request), request.body.id));
  };

import { blockBody, errorBody, idBody, okBody, pageOf, passwordBody, unlockResult } from '@borlette/shared';
import {
  type Company,
  company,
  companyInput,
  companyListQuery,
  companyUpdate,
  type SimpleCompany,
  simpleCompany,
} from '@borlette/shared/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { authOf } from '../../http/auth';
import { deleteIdOf, deleteTarget } from '../_lib/delete-target';
import { type CsvColumn, listAll, listPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { SqlParams } from '../_lib/sql';
import { validate } from '../_lib/validate';
import { sortable } from '../countries/countries.service';
import {
  blockCompany,
  COMPANY_COLUMNS,
  COMPANY_FROM,
  createCompany,
  deleteCompany,
  getCompany,
  setAdminPassword,
  unlockAdminSignIn,
  updateCompany,
} from './companies.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['companies'];
const SUPERUSER = ['superuser'] as const;

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

    app.get(
      '/api/generals/simple-compagnies',
      {
        config: access.permission('view_company', SUPERUSER),
        schema: {
          tags,
          summary: 'Compagnies pour le sélecteur (filtrées par le pays choisi)',
          response: { 200: z.array(simpleCompany), 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        const auth = authOf(request);
        return raw.query<SimpleCompany>(
          `SELECT c.ref_code, c.name AS companyname, c.logo AS user_photo
             FROM companies c JOIN countries k ON k.id = c.country_id
            WHERE $1::text IS NULL OR k.name_code = $1::text
            ORDER BY c.name`,
          [auth.selectCountryCode],
        );
      },
    );

    app.get(
      '/api/generals/compagnies',
      {
        config: access.permission('view_company', SUPERUSER),
        schema: {
          tags,
          summary:
            'Compagnies du pays choisi (pagination, tri, recherche, filtres, export CSV) ; avec id, une compagnie',
          querystring: companyListQuery,
          response: { 200: z.union([company, pageOf(company)]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getCompany(raw, q.id);
        const auth = authOf(request);
        const params = new SqlParams();
        const where: string[] = [];
        // The top bar's country filter (spec §2) applies to this list like to the company selector.
        if (auth.selectCountryCode) where.push(`k.name_code = ${params.p(auth.selectCountryCode)}`);
        if (q.country) where.push(`k.name_code = ${params.p(q.country)}`);
        if (q.status) where.push(`c.status = ${params.p(q.status)}`);
        const spec = {
          select: COMPANY_COLUMNS,
          from: COMPANY_FROM,
          where,
          params,
          sortable: {
            name: sortable('c.name'),
            ref_code: 'c.ref_code',
            country: sortable('k.name'),
            city: sortable('ci.name'),
            status: 'c.status',
            agents_count: 'agents_count',
            admin_username: 'lower(adm.username)',
            created_at: 'c.created_at',
          },
          search: ['c.name', 'c.ref_code', 'c.phone', 'c.email', 'adm.username', 'k.name', 'ci.name'],
          tieBreaker: 'c.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'compagnies', csvColumns, await listAll<Company>(raw, spec, q));
        return listPage<Company>(raw, spec, q);
      },
    );

    app.post(
      '/api/generals/compagnies',
      {
        config: access.permission('add_company', SUPERUSER),
        schema: {
          tags,
          summary: 'Créer une compagnie, ses réglages et son compte admin (multipart : fichier « logo »)',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: company, ...errors },
        },
      },
      async (request) => {
        const { fields, files } = await parseForm(request);
        return createCompany(database, request, validate(companyInput, normaliseFormFields(fields)), files.logo);
      },
    );

    app.put(
      '/api/generals/compagnies',
      {
        config: access.permission('change_company', SUPERUSER),
        schema: {
          tags,
          summary:
            'Modifier une compagnie et les noms de son admin (multipart ; « logo » : nouveau fichier ou URL actuelle)',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: company, ...errors },
        },
      },
      async (request) => {
        const { fields, files } = await parseForm(request);
        const { id, ...input } = validate(companyUpdate, normaliseFormFields(fields));
        return updateCompany(database, request, id, input, files.logo);
      },
    );

    app.delete(
      '/api/generals/delete-company',
      {
        config: access.permission('change_company', SUPERUSER),
        schema: {
          tags,
          summary: 'Supprimer une compagnie (refusé si elle a des vendeurs ou d’autres utilisateurs que son admin)',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await deleteCompany(database, request, deleteIdOf(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/api/generals/compagnies/block',
      {
        config: access.permission('change_company', SUPERUSER),
        schema: {
          tags,
          summary:
            'Bloquer / débloquer une compagnie (ses utilisateurs ne se connectent plus, ses vendeurs ne vendent plus)',
          body: blockBody,
          response: { 200: company, ...errors },
        },
      },
      async (request) => blockCompany(database, request, request.body.id, request.body.blocked),
    );

    app.post(
      '/api/generals/compagnies/password',
      {
        config: access.permission('change_company', SUPERUSER),
        schema: {
          tags,
          summary: 'Nouveau mot de passe pour l’admin d’une compagnie (ses sessions sont fermées)',
          body: passwordBody,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await setAdminPassword(database, request, request.body.id, request.body.password);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/generals/compagnies/unlock',
      {
        config: access.permission('change_company', SUPERUSER),
        schema: {
          tags,
          summary: 'Lever le blocage de connexion de l’admin d’une compagnie (ses échecs de mot de passe sont effacés)',
          body: idBody,
          response: { 200: unlockResult, ...errors },
        },
      },
      async (request) => unlockAdminSignIn(database, request, request.body.id),
    );
  };

import { errorBody, okBody, pageOf } from '@borlette/shared';
import {
  type City,
  type Country,
  type CountrySummary,
  citiesQuery,
  city,
  cityInput,
  country,
  countryDetail,
  countryInput,
  countryListQuery,
  countrySummary,
  countryUpdate,
} from '@borlette/shared/contracts/countries';
import type { FastifyRequest } from 'fastify';
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
import {
  addCity,
  byName,
  COUNTRY_COLUMNS,
  COUNTRY_FROM,
  createCountry,
  deleteCity,
  deleteCountry,
  getCountryDetail,
  sortable,
  updateCountry,
} from './countries.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['countries'];
const SUPERUSER = ['superuser'] as const;

const csvColumns: CsvColumn<Country>[] = [
  { header: 'Code', value: (r) => r.name_code },
  { header: 'Nom', value: (r) => r.name },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Fuseau horaire', value: (r) => r.timezone },
  { header: 'Villes', value: (r) => r.cities_count },
  { header: 'Compagnies', value: (r) => r.companies_count },
  { header: 'Créé le', value: (r) => r.created_at },
];

const LIST_PARAMS = ['page', 'page_size', 'search', 'sort', 'order', 'format'];
/** True when the query names a list parameter (the management page); false for the switcher's call. */
function asksForList(request: FastifyRequest): boolean {
  const params = new URL(request.url, 'http://local').searchParams;
  return LIST_PARAMS.some((k) => params.has(k));
}

async function readCountryForm(request: FastifyRequest) {
  const { fields, files } = await parseForm(request);
  return { fields: normaliseFormFields(fields), file: files.flag };
}

export const countriesRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    app.get(
      '/api/generals/countries',
      {
        config: access.permission('view_country', SUPERUSER),
        schema: {
          tags,
          summary:
            'Pays : sans paramètre, la liste simple du sélecteur ; avec page (ou format=csv), la liste paginée ; avec id, un pays et ses villes',
          querystring: countryListQuery,
          response: { 200: z.union([countryDetail, pageOf(country), z.array(countrySummary)]), ...errors },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.id) return getCountryDetail(raw, q.id);
        if (!asksForList(request)) {
          const rows = await raw.query<CountrySummary>('SELECT name_code, name, flag FROM countries');
          return rows.sort(byName);
        }
        const spec = {
          select: COUNTRY_COLUMNS,
          from: COUNTRY_FROM,
          where: [],
          params: new SqlParams(),
          sortable: {
            name: sortable('k.name'),
            name_code: 'k.name_code',
            currency: 'k.currency',
            timezone: 'k.timezone',
            cities_count: 'cities_count',
            companies_count: 'companies_count',
            created_at: 'k.created_at',
          },
          search: ['k.name', 'k.name_code', 'k.currency', 'k.timezone'],
          tieBreaker: 'k.id',
        };
        if (q.format === 'csv') return sendCsv(reply, 'pays', csvColumns, await listAll<Country>(raw, spec, q));
        return listPage<Country>(raw, spec, q);
      },
    );

    app.post(
      '/api/generals/countries',
      {
        config: access.permission('add_country', SUPERUSER),
        schema: {
          tags,
          summary: 'Créer un pays (multipart : champ fichier « flag », ou « flag » emoji)',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: countryDetail, ...errors },
        },
      },
      async (request) => {
        const { fields, file } = await readCountryForm(request);
        return createCountry(database, request, validate(countryInput, fields), file);
      },
    );

    app.put(
      '/api/generals/countries',
      {
        config: access.permission('change_country', SUPERUSER),
        schema: {
          tags,
          summary: 'Modifier un pays (multipart ; « flag » : nouveau fichier, URL actuelle gardée, ou emoji)',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: countryDetail, ...errors },
        },
      },
      async (request) => {
        const { fields, file } = await readCountryForm(request);
        const { id, ...input } = validate(countryUpdate, fields);
        return updateCountry(database, request, id, input, file);
      },
    );

    app.delete(
      '/api/generals/delete-country',
      {
        config: access.permission('change_country', SUPERUSER),
        schema: {
          tags,
          summary: 'Supprimer un pays (refusé si une compagnie y est enregistrée)',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await deleteCountry(database, request, deleteIdOf(request));
        return { ok: true as const };
      },
    );

    app.get(
      '/api/generals/cities',
      {
        // The sub-branch form of a company reads its own country's cities: no particular permission.
        config: access.signedIn(['superuser', 'company', 'supervisor']),
        schema: {
          tags,
          summary: 'Villes (?country=HT) ; une compagnie ne voit que celles de son pays',
          querystring: citiesQuery,
          response: { 200: z.array(city), ...errors },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const code = request.query.country ?? null;
        const params: unknown[] = [code];
        let sql = `SELECT ci.id, ci.name, k.name_code AS country_code
                     FROM cities ci JOIN countries k ON k.id = ci.country_id
                    WHERE ($1::text IS NULL OR k.name_code = $1::text)`;
        if (auth.role !== 'superuser') {
          params.push(auth.ownCompanyId);
          sql += ' AND ci.country_id = (SELECT c.country_id FROM companies c WHERE c.id = $2)';
        }
        const rows = await raw.query<City>(sql, params);
        return rows.sort((a, b) => a.country_code.localeCompare(b.country_code) || byName(a, b));
      },
    );

    app.post(
      '/api/generals/cities',
      {
        config: access.permission('change_country', SUPERUSER),
        schema: { tags, summary: 'Ajouter une ville à un pays', body: cityInput, response: { 200: city, ...errors } },
      },
      async (request) => addCity(database, request, request.body),
    );

    app.delete(
      '/api/generals/cities',
      {
        config: access.permission('change_country', SUPERUSER),
        schema: {
          tags,
          summary: 'Supprimer une ville (refusé si une compagnie ou une succursale y est située)',
          ...deleteTarget,
          response: { 200: okBody, ...errors },
        },
      },
      async (request) => {
        await deleteCity(database, request, deleteIdOf(request));
        return { ok: true as const };
      },
    );
  };

import {
  countryEndpoints as api,
  type Country,
  countryInput,
  countryUpdate,
} from '@borlette/shared/contracts/countries';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { deleteIdOf } from '../_lib/delete-target';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { normaliseFormFields, parseForm } from '../_lib/multipart';
import { validate } from '../_lib/validate';
import { addCity, createCountry, deleteCity, deleteCountry, updateCountry } from './countries.service';
import { citiesOf, countryList, countrySummaries, getCountryDetail } from './countries-query';

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

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      if (q.id) return getCountryDetail(raw, q.id);
      if (!asksForList(request)) return countrySummaries(raw);
      if (q.format === 'csv') return sendCsv(reply, 'pays', csvColumns, await queryAll(raw, countryList, q));
      return queryPage(raw, countryList, q);
    });

    route(app, api.create, async (request) => {
      const { fields, file } = await readCountryForm(request);
      return createCountry(database, contextOf(request), validate(countryInput, fields), file);
    });

    route(app, api.update, async (request) => {
      const { fields, file } = await readCountryForm(request);
      const { id, ...input } = validate(countryUpdate, fields);
      return updateCountry(database, contextOf(request), id, input, file);
    });

    route(app, api.remove, async (request) => {
      await deleteCountry(database, contextOf(request), deleteIdOf(request));
      return { ok: true as const };
    });

    route(app, api.cities, async (request) => citiesOf(raw, request, request.query.country ?? null));

    route(app, api.addCity, async (request) => addCity(database, contextOf(request), request.body));

    route(app, api.removeCity, async (request) => {
      await deleteCity(database, contextOf(request), deleteIdOf(request));
      return { ok: true as const };
    });
  };

import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { okBody } from './common';
import { deleteTarget, listQuery, pageOf, sortKeys } from './list';

/** IANA time zone known to this runtime (Node and browsers both answer through Intl). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

let currencies: Set<string> | null | undefined;
/** ISO 4217 code known to Intl (when the runtime can list them; otherwise three capital letters). */
export function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  if (currencies === undefined) {
    const list = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('currency');
    currencies = list ? new Set(list) : null;
  }
  return currencies ? currencies.has(value) : true;
}

/** The emoji flag of an ISO 3166-1 alpha-2 code (regional indicator symbols). */
export function flagEmoji(code: string): string {
  return [...code.toUpperCase()].map((c) => String.fromCodePoint(0x1f1e6 + c.charCodeAt(0) - 65)).join('');
}

/** A stored image of ours: `/uploads/<uuid>.webp`. */
export const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.webp$/;

export const countryCode = z
  .string({ error: 'Le code pays est requis' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Code pays ISO 3166-1 à 2 lettres attendu (ex. HT)'));

export const timeZone = z
  .string({ error: 'Le fuseau horaire est requis' })
  .trim()
  .min(1, 'Le fuseau horaire est requis')
  .max(64, 'Fuseau horaire trop long')
  .refine(isTimeZone, 'Fuseau horaire IANA inconnu (ex. America/Port-au-Prince)');

export const currencyCode = z
  .string({ error: 'La devise est requise' })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().refine(isCurrency, 'Code de devise ISO 4217 inconnu (ex. HTG, USD)'));

/** The switcher's entry (GET /api/generals/countries without list parameters; docs/spec.md §3 "Country"). */
export const countrySummary = z.object({
  name_code: z.string(),
  name: z.string(),
  /** An emoji, or the URL of an uploaded image. */
  flag: z.string().nullable(),
});
export type CountrySummary = z.infer<typeof countrySummary>;

export const country = countrySummary.extend({
  id: z.number().int(),
  currency: z.string(),
  timezone: z.string(),
  cities_count: z.number().int(),
  companies_count: z.number().int(),
  created_at: z.string(),
});
export type Country = z.infer<typeof country>;

export const city = z.object({ id: z.number().int(), name: z.string(), country_code: z.string() });
export type City = z.infer<typeof city>;

/** One country with its cities (GET /api/generals/countries?id=). */
export const countryDetail = country.extend({ cities: z.array(city) });
export type CountryDetail = z.infer<typeof countryDetail>;

/** POST/PUT /api/generals/countries (multipart: the `flag` file, or `flag` as an emoji / the current URL). */
export const countryInput = z.object({
  name_code: countryCode,
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(2, 'Le nom doit compter 2 caractères au moins')
    .max(80, 'Le nom est trop long (80 caractères au plus)'),
  flag: z
    .string()
    .trim()
    .max(100, 'Drapeau invalide')
    .refine(
      (s) => s === '' || UPLOAD_URL.test(s) || (s.length <= 16 && !/[\s<>/\\]/.test(s)),
      'Drapeau : un emoji, ou une image envoyée',
    )
    .optional()
    .nullable()
    .transform((v) => v || null),
  currency: currencyCode,
  timezone: timeZone,
});
export type CountryInput = z.input<typeof countryInput>;
export const countryUpdate = countryInput.extend({ id: z.coerce.number().int().positive('Identifiant invalide') });

/**
 * GET /api/generals/countries: without list parameters, the plain array of the switcher; with `page`
 * (or `format=csv`), a page of the management list; with `id`, one country and its cities.
 */
export const countryListQuery = listQuery.extend({
  sort: sortKeys(['name', 'name_code', 'currency', 'timezone', 'cities_count', 'companies_count', 'created_at']),
  id: z.coerce.number().int().positive('Identifiant invalide').optional(),
});

export const citiesQuery = z.object({
  country: countryCode.optional(),
});

export const cityInput = z.object({
  country_code: countryCode,
  name: z
    .string({ error: 'Le nom de la ville est requis' })
    .trim()
    .min(2, 'Le nom de la ville doit compter 2 caractères au moins')
    .max(80, 'Le nom de la ville est trop long (80 caractères au plus)'),
});
export type CityInput = z.input<typeof cityInput>;

const tag = 'countries';
const SUPERUSER = ['superuser'] as const;
export const countryEndpoints = {
  /** Three answers by what is asked (see `countryListQuery`): the callers read the one they asked for. */
  list: endpoint({
    method: 'GET',
    path: '/api/generals/countries',
    tag,
    summary:
      'Pays : sans paramètre, la liste simple du sélecteur ; avec page (ou format=csv), la liste paginée ; avec id, un pays et ses villes',
    access: allow.permission('view_country', SUPERUSER),
    query: countryListQuery,
    response: z.union([countryDetail, pageOf(country), z.array(countrySummary)]),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/generals/countries',
    tag,
    summary: 'Créer un pays (multipart : champ fichier « flag », ou « flag » emoji)',
    access: allow.permission('add_country', SUPERUSER),
    body: countryInput,
    multipart: true,
    response: countryDetail,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/generals/countries',
    tag,
    summary: 'Modifier un pays (multipart ; « flag » : nouveau fichier, URL actuelle gardée, ou emoji)',
    access: allow.permission('change_country', SUPERUSER),
    body: countryUpdate,
    multipart: true,
    response: countryDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/generals/delete-country',
    tag,
    summary: 'Supprimer un pays (refusé si une compagnie y est enregistrée)',
    access: allow.permission('change_country', SUPERUSER),
    ...deleteTarget,
    response: okBody,
  }),
  cities: endpoint({
    method: 'GET',
    path: '/api/generals/cities',
    tag,
    summary: 'Villes (?country=HT) ; une compagnie ne voit que celles de son pays',
    // The sub-branch form of a company reads its own country's cities: no particular permission.
    access: allow.signedIn(['superuser', 'company', 'supervisor']),
    query: citiesQuery,
    response: z.array(city),
  }),
  addCity: endpoint({
    method: 'POST',
    path: '/api/generals/cities',
    tag,
    summary: 'Ajouter une ville à un pays',
    access: allow.permission('change_country', SUPERUSER),
    body: cityInput,
    response: city,
  }),
  removeCity: endpoint({
    method: 'DELETE',
    path: '/api/generals/cities',
    tag,
    summary: 'Supprimer une ville (refusé si une compagnie ou une succursale y est située)',
    access: allow.permission('change_country', SUPERUSER),
    ...deleteTarget,
    response: okBody,
  }),
};

import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint, STANDARD_ERRORS } from '../endpoint';
import { timeZone } from './countries';
import { isoDay, timeOfDay } from './engine-common';

/**
 * The sources of the official results and the draw calendars (issue 21 §1-2), the platform's settings:
 * the superuser lists and edits them, and tests a source without writing anything. Secrets (API keys)
 * never travel here: they are read from the server's environment (README « Résultats officiels »).
 */
export const PROVIDER_KINDS = [
  'ny_socrata',
  'ga_drawgames',
  'tx_csv',
  'tx_rss',
  'fl_drawgames',
  'aggregator',
  'manual',
] as const;
export const DRAW_STATES = ['NY', 'FL', 'GA', 'TN', 'TX'] as const;
export const DRAW_SESSIONS = ['matin', 'midi', 'soir', 'nuit'] as const;

export const SANDBOX_URL = 'sandbox:';
export const MANUAL_URL = 'manual:';

export const resultProvider = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(PROVIDER_KINDS),
  states: z.array(z.enum(DRAW_STATES)),
  base_url: z.string(),
  enabled: z.boolean(),
  poll_start_min: z.number().int(),
  poll_every_min: z.number().int(),
  give_up_min: z.number().int(),
  /** The provider reads a key from the environment, and it is set there (never the key itself). */
  key_configured: z.boolean().nullable(),
  updated_at: z.string(),
});
export type ResultProvider = z.infer<typeof resultProvider>;

/** http(s) without credentials in it (secrets live in the environment), or the built-in feeds. */
export function isProviderUrl(value: string): boolean {
  if (value === SANDBOX_URL || value === MANUAL_URL) return true;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !!u.hostname;
  } catch {
    return false;
  }
}

export const providerUrl = z
  .string({ error: 'L’adresse est requise' })
  .trim()
  .min(1, 'L’adresse est requise')
  .max(500, 'L’adresse est trop longue (500 caractères au plus)')
  .refine(
    isProviderUrl,
    'Adresse invalide : http(s)://… sans identifiants (la clé va dans l’environnement), « sandbox: » ou « manual: »',
  );

const minutes = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} : un nombre de minutes est attendu` })
    .int(`${label} : un nombre entier de minutes est attendu`)
    .min(min, `${label} : ${min} minute(s) au moins`)
    .max(max, `${label} : ${max} minutes au plus`);

export const providerCodeParams = z.object({
  code: z.string().trim().max(60, 'Code de fournisseur invalide'),
});

/** PUT /api/generals/result-providers/:code. The give-up time counts from the official time too. */
export const providerUpdate = z
  .object({
    base_url: providerUrl,
    enabled: z.boolean({ error: '« Actif » doit être vrai ou faux' }),
    poll_start_min: minutes('Début des relevés', 0, 1440),
    poll_every_min: minutes('Intervalle des relevés', 1, 1440),
    give_up_min: minutes('Abandon', 0, 2880),
  })
  .refine((v) => v.give_up_min >= v.poll_start_min, {
    path: ['give_up_min'],
    message: 'L’abandon doit venir après le début des relevés',
  });
export type ProviderUpdate = z.input<typeof providerUpdate>;

/** POST …/:code/test: ask the source now for a date (its state's today by default), or another URL. */
export const providerTestInput = z.object({
  date: isoDay('La date').optional(),
  base_url: providerUrl.optional(),
});

export const observationView = z.object({
  state: z.enum(DRAW_STATES),
  session: z.enum(DRAW_SESSIONS),
  draw_date: z.string(),
  pick3: z.string(),
  pick4: z.string(),
});
export type ObservationView = z.infer<typeof observationView>;

export const providerTestResult = z.object({
  ok: z.boolean(),
  /** What went wrong (transport, HTTP status, not the source's format), in French; null when ok. */
  error: z.string().nullable(),
  http_status: z.number().int().nullable(),
  url: z.string(),
  dates: z.array(z.string()),
  observations: z.array(observationView),
  problems: z.array(z.string()),
  excerpt: z.string(),
  duration_ms: z.number().int(),
});
export type ProviderTestResult = z.infer<typeof providerTestResult>;

export const holiday = z.object({ day: z.string(), reason: z.string() });

export const calendarEntry = z.object({
  id: z.number().int(),
  state: z.enum(DRAW_STATES),
  state_name: z.string(),
  session: z.enum(DRAW_SESSIONS),
  name: z.string(),
  timezone: z.string(),
  draw_time: z.string(),
  /** 0 = dimanche … 6 = samedi. */
  days: z.array(z.number().int()),
  holidays: z.array(holiday),
});
export type CalendarEntryView = z.infer<typeof calendarEntry>;

export const sourceIdParams = z.object({
  source_id: z.coerce.number({ error: 'Séance invalide' }).int('Séance invalide').positive('Séance invalide'),
});

export const calendarUpdate = z.object({
  draw_time: timeOfDay('L’heure du tirage'),
  timezone: timeZone,
  days: z
    .array(z.coerce.number().int('Jour invalide').min(0, 'Jour invalide (0 à 6)').max(6, 'Jour invalide (0 à 6)'), {
      error: 'Les jours sont requis',
    })
    .min(1, 'Choisissez au moins un jour de tirage')
    .max(7, 'Sept jours au plus')
    .refine((d) => new Set(d).size === d.length, 'Un jour est répété'),
});
export type CalendarUpdate = z.input<typeof calendarUpdate>;

export const holidayInput = z.object({
  day: isoDay('La date du jour férié'),
  reason: z
    .string({ error: 'Le motif doit être un texte' })
    .trim()
    .max(200, 'Le motif est trop long (200 caractères au plus)')
    .optional()
    .default(''),
});
export const holidayDelete = z.object({ day: isoDay('La date du jour férié') });

const tag = 'result-providers';
const SUPERUSER = ['superuser'] as const;
const VIEW = allow.permission('view_result_provider', SUPERUSER);
const CHANGE = allow.permission('change_result_provider', SUPERUSER);
const BASE = '/api/generals/result-providers';

export const resultProvidersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    tag,
    summary: 'Sources des résultats officiels et leurs réglages',
    access: VIEW,
    response: z.array(resultProvider),
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:code`,
    tag,
    summary: 'Régler une source (adresse, actif, début, intervalle, abandon)',
    access: CHANGE,
    params: providerCodeParams,
    body: providerUpdate,
    response: resultProvider,
  }),
  test: endpoint({
    method: 'POST',
    path: `${BASE}/:code/test`,
    tag,
    summary: 'Interroger une source maintenant (rien n’est enregistré)',
    description: 'Répond ce que la source dit pour la date (par défaut, le jour de son état) et les lignes illisibles.',
    access: CHANGE,
    params: providerCodeParams,
    body: providerTestInput,
    response: providerTestResult,
  }),
  calendar: endpoint({
    method: 'GET',
    path: `${BASE}/calendar`,
    tag,
    summary: 'Calendriers des tirages officiels : fuseau, heure, jours et jours fériés de chaque séance',
    access: VIEW,
    response: z.array(calendarEntry),
  }),
  updateCalendar: endpoint({
    method: 'PUT',
    path: `${BASE}/calendar/:source_id`,
    tag,
    summary: 'Modifier l’heure, le fuseau et les jours d’une séance officielle',
    access: CHANGE,
    params: sourceIdParams,
    body: calendarUpdate,
    response: calendarEntry,
  }),
  addHoliday: endpoint({
    method: 'POST',
    path: `${BASE}/calendar/:source_id/holidays`,
    tag,
    summary: 'Ajouter un jour férié (pas de tirage, pas d’alerte)',
    access: CHANGE,
    params: sourceIdParams,
    body: holidayInput,
    response: calendarEntry,
  }),
  removeHoliday: endpoint({
    method: 'DELETE',
    path: `${BASE}/calendar/:source_id/holidays`,
    tag,
    summary: 'Retirer un jour férié',
    access: CHANGE,
    params: sourceIdParams,
    body: holidayDelete,
    response: calendarEntry,
    errors: STANDARD_ERRORS,
  }),
};

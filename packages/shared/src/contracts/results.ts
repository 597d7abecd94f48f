import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { checkDateRange, dateRangeFields, isoDay } from './engine-common';
import { pick3Field, pick4Field, tirageAutoCompany } from './info-tirage';
import { listQuery, pageOf, sortKeys } from './list';

/**
 * The official results pipeline (issue 21 §2-3): the platform's results board. Each state session of a
 * date has a state derived from what the sources said: waiting (before its time), late (nothing
 * `late_after_min` after it), provisional (one source), confirmed (two sources agree, or the superuser
 * confirmed), conflict (sources disagree: never applied), manual (entered by hand), day_off (no draw).
 *
 * GET  /api/generals/results?date= (view_result): one row per state session of the date.
 * POST /api/generals/results/confirm (change_result): confirm the numbers (the provisional ones, or those
 *   chosen in a conflict) or enter them by hand; applied to every company draw following the session.
 * POST /api/generals/results/poll (change_result): ask the sources again now.
 * GET  /api/generals/results/history, /fetches (view_result): pages, filters, CSV.
 * GET/PUT /api/generals/results/settings: what is applied (confirmed only, or provisional too), lateness.
 * GET  /api/companies/results/pending: the company's draws waiting past their time (its home board).
 */

export const RESULT_STATES = ['waiting', 'late', 'provisional', 'confirmed', 'conflict', 'manual', 'day_off'] as const;
export const resultState = z.enum(RESULT_STATES);
export type ResultState = z.infer<typeof resultState>;

export const ALERT_KINDS = ['late', 'conflict', 'provider_failing'] as const;
export const resultAlert = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  source_id: z.number().int().nullable(),
  provider_code: z.string().nullable(),
  draw_date: z.string().nullable(),
  message: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
});
export type ResultAlert = z.infer<typeof resultAlert>;

/** What one source gives the session (all sources, agreeing or not). */
export const resultObservation = z.object({
  provider_code: z.string(),
  provider_name: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  first_seen_at: z.string(),
  /** It gives the numbers in force (false: a disagreeing source). */
  agrees: z.boolean(),
});

export const resultRow = z.object({
  source_id: z.number().int(),
  state_code: z.string(),
  session: z.string(),
  source_name: z.string(),
  draw_date: z.string(),
  timezone: z.string(),
  /** HH:MM in the state's zone, and the instant (UTC ISO). */
  official_time: z.string(),
  official_at: z.string(),
  state: resultState,
  pick3: z.string().nullable(),
  pick4: z.string().nullable(),
  /** The providers whose numbers are in force. */
  sources: z.array(z.string()),
  observations: z.array(resultObservation),
  /** Minutes from the official time to the first source giving the numbers in force. */
  delay_min: z.number().int().nullable(),
  decided_by: z.string().nullable(),
  applied: z.object({ version: z.number().int(), companies: z.number().int(), at: z.string() }).nullable(),
  alerts: z.array(resultAlert),
});
export type ResultRow = z.infer<typeof resultRow>;

export const resultBoard = z.object({
  date: z.string(),
  apply_mode: z.enum(['confirmed', 'provisional']),
  rows: z.array(resultRow),
  /** Open alerts of the platform that name no session (a failing provider). */
  alerts: z.array(resultAlert),
});
export type ResultBoard = z.infer<typeof resultBoard>;

export const resultBoardQuery = z.object({ date: isoDay('La date') });

const stateCode = z
  .string({ error: 'L’état est requis' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'État invalide (deux lettres, ex. NY)');
const sessionCode = z
  .string({ error: 'La session est requise' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3,10}$/, 'Session invalide (matin, midi, soir ou nuit)');

export const resultConfirmInput = z
  .object({
    state: stateCode,
    session: sessionCode,
    draw_date: isoDay('La date du tirage'),
    /** Omitted: the numbers in force (a provisional result). Given: chosen (conflict) or entered by hand. */
    pick3: pick3Field.optional(),
    pick4: pick4Field.optional(),
    /** Also correct companies whose paid tickets change (their payments are reversed). */
    confirm: z.boolean().optional().default(false),
  })
  .refine((v) => (v.pick3 === undefined) === (v.pick4 === undefined), {
    path: ['pick4'],
    message: 'Donnez le Pick 3 et le Pick 4 ensemble',
  });
export type ResultConfirmInput = z.input<typeof resultConfirmInput>;

export const resultConfirmAnswer = z.object({ row: resultRow, companies: z.array(tirageAutoCompany) });
export type ResultConfirmAnswer = z.infer<typeof resultConfirmAnswer>;

export const resultPollInput = z.object({
  state: stateCode.optional(),
  session: sessionCode.optional(),
  draw_date: isoDay('La date du tirage'),
});
export type ResultPollInput = z.input<typeof resultPollInput>;

export const pollAnswer = z.object({
  /** False when another server holds the poller's lease (it polls instead). */
  ran: z.boolean(),
  fetches: z.number().int(),
  observations: z.number().int(),
  applied: z.number().int(),
});
export type PollAnswer = z.infer<typeof pollAnswer>;

export const resultHistoryQuery = listQuery
  .extend({
    sort: sortKeys(['draw_date', 'source']),
    ...dateRangeFields,
    state_code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'État invalide (deux lettres, ex. NY)')
      .optional(),
    status: resultState.optional(),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

export const resultHistoryRow = z.object({
  source_id: z.number().int(),
  source_name: z.string(),
  state_code: z.string(),
  session: z.string(),
  draw_date: z.string(),
  state: resultState,
  pick3: z.string().nullable(),
  pick4: z.string().nullable(),
  sources: z.array(z.string()),
  arrived_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  applied_version: z.number().int().nullable(),
  applied_companies: z.number().int().nullable(),
  updated_at: z.string(),
});
export type ResultHistoryRow = z.infer<typeof resultHistoryRow>;

export const resultFetchQuery = listQuery
  .extend({
    sort: sortKeys(['at']),
    ...dateRangeFields,
    provider_code: z.string().trim().max(60).optional(),
    outcome: z
      .enum(['ok', 'empty', 'failed'], { error: 'Issue invalide : « ok », « empty » ou « failed »' })
      .optional(),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

export const resultFetchRow = z.object({
  id: z.number().int(),
  provider_code: z.string(),
  at: z.string(),
  dates: z.array(z.string()),
  http_status: z.number().int().nullable(),
  outcome: z.enum(['ok', 'empty', 'failed']),
  observations: z.number().int(),
  problems: z.array(z.string()),
  excerpt: z.string(),
  duration_ms: z.number().int(),
  forced: z.boolean(),
});
export type ResultFetchRow = z.infer<typeof resultFetchRow>;

export const resultsSettings = z.object({
  apply_mode: z.enum(['confirmed', 'provisional'], {
    error: 'Mode invalide (« confirmed » ou « provisional »)',
  }),
  late_after_min: z.coerce
    .number({ error: 'Le délai doit être un nombre de minutes' })
    .int('Le délai doit être un nombre entier de minutes')
    .min(1, 'Le délai est d’une minute au moins')
    .max(1440, 'Le délai est de 1440 minutes (24 h) au plus'),
});
export type ResultsSettings = z.infer<typeof resultsSettings>;

/** A company draw waiting for its result past its official time (the company's home board). */
export const pendingResult = z.object({
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  source_name: z.string(),
  draw_date: z.string(),
  official_at: z.string(),
  /** The pipeline's state of the session (late, provisional, conflict, …; waiting when nothing is known). */
  state: resultState,
  alerts: z.array(z.string()),
});
export type PendingResult = z.infer<typeof pendingResult>;

const tag = 'results';
const staff = (c: 'view_result' | 'change_result') => allow.permission(c, ['superuser']);
export const resultEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/generals/results',
    tag,
    summary: 'Tableau des résultats officiels d’une date : une ligne par état et session',
    access: staff('view_result'),
    query: resultBoardQuery,
    response: resultBoard,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/api/generals/results/confirm',
    tag,
    summary: 'Confirmer un résultat (provisoire ou en conflit) ou le saisir à la main ; appliqué aux compagnies',
    access: staff('change_result'),
    body: resultConfirmInput,
    response: resultConfirmAnswer,
  }),
  poll: endpoint({
    method: 'POST',
    path: '/api/generals/results/poll',
    tag,
    summary: 'Relancer maintenant les sources d’une date (un état, une session ou toutes)',
    access: staff('change_result'),
    body: resultPollInput,
    response: pollAnswer,
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/generals/results/history',
    tag,
    summary: 'Historique des résultats (page, filtres période / état / statut, CSV)',
    access: staff('view_result'),
    query: resultHistoryQuery,
    response: pageOf(resultHistoryRow),
  }),
  fetches: endpoint({
    method: 'GET',
    path: '/api/generals/results/fetches',
    tag,
    summary: 'Journal des requêtes aux sources (page, filtres source / issue / période, CSV)',
    access: staff('view_result'),
    query: resultFetchQuery,
    response: pageOf(resultFetchRow),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/generals/results/settings',
    tag,
    summary: 'Réglages du pipeline des résultats',
    access: staff('view_result'),
    response: resultsSettings,
  }),
  pending: endpoint({
    method: 'GET',
    path: '/api/companies/results/pending',
    tag,
    summary: 'Tirages de la compagnie en attente de résultat après leur heure officielle (et alertes ouvertes)',
    access: allow.companyUsersAndStaffWith(['view_result']),
    response: z.array(pendingResult),
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/generals/results/settings',
    tag,
    summary: 'Modifier les réglages (application : confirmés seulement ou provisoires aussi ; retard)',
    access: staff('change_result'),
    body: resultsSettings,
    response: resultsSettings,
  }),
};

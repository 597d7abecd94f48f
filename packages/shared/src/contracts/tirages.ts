import '../zod-setup';
import { z } from 'zod';
import { allow, COMPANY_ROLES, endpoint } from '../endpoint';
import { errorBody, okBody } from './common';
import { activeStatus, checkDateRange, dateRangeFields, optionalId, requiredId, timeOfDay } from './engine-common';
import { blockBody, idBody, listQuery, pageOf, sortKeys } from './list';

/**
 * Draws (tirages) of a company and the official sources they follow.
 * GET /api/companies/list-tirage (page) · GET /api/companies/tirage?id= · POST/PUT /api/companies/tirage ·
 * DELETE /api/companies/tirage?tirageId= · POST /api/companies/tirage/block · GET /api/companies/draw-sources
 */

/** Why a draw does not sell now (null: it sells). */
export const TIRAGE_CLOSED_REASONS = [
  'blocked',
  'forced_closed',
  'result',
  'drawn',
  'day',
  'not_open',
  'closed',
] as const;
export type TirageClosedReason = (typeof TIRAGE_CLOSED_REASONS)[number];

/** 0 = Sunday … 6 = Saturday (as JavaScript's getDay and PostgreSQL's dow). */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const drawSource = z.object({
  id: z.number().int(),
  /** 'NY', 'FL', 'GA', 'TN', 'TX'. */
  state: z.string(),
  state_name: z.string(),
  /** 'matin', 'midi', 'soir', 'nuit'. */
  session: z.string(),
  name: z.string(),
  /** The state's IANA zone. */
  timezone: z.string(),
  /** Official draw time in the state's zone, 'HH:MM'. */
  draw_time: z.string(),
  days: z.array(z.number().int()),
  /** The official time in the company's zone today (null for the superuser with « Toutes »). */
  local_draw_time: z.string().nullable(),
  /** The company's minutes of sales close before the official time (its setting; null with « Toutes »). */
  sales_close_minutes: z.number().int().nullable(),
});
export type DrawSource = z.infer<typeof drawSource>;

export const tirageMode = z.enum(['auto', 'open', 'closed'], {
  error: 'Mode invalide (« auto », « open » ou « closed »)',
});
export type TirageMode = z.infer<typeof tirageMode>;

export const tirage = z.object({
  id: z.number().int(),
  name: z.string(),
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  days: z.array(z.number().int()),
  /** Company zone, 'HH:MM'. */
  open_time: z.string(),
  close_time: z.string(),
  mode: tirageMode,
  status: activeStatus,
  /** The official draw time in the company's zone today ('HH:MM'); its close time without a source. */
  draw_time: z.string().nullable(),
  /** Sells now (by the server clock)? and why not. */
  is_open: z.boolean(),
  closed_reason: z.enum(TIRAGE_CLOSED_REASONS).nullable(),
  /** The latest result within the listed period (or ever, for a single record). */
  last_result: z
    .object({
      draw_date: z.string(),
      pick3: z.string(),
      pick4: z.string(),
      lot1: z.string(),
      lot2: z.string(),
      lot3: z.string(),
    })
    .nullable(),
  created_at: z.string(),
});
export type Tirage = z.infer<typeof tirage>;

const days = z
  .array(z.coerce.number().int().min(0, 'Jour invalide').max(6, 'Jour invalide'), { error: 'Choisissez les jours' })
  .min(1, 'Choisissez au moins un jour')
  .max(7, 'Sept jours au plus')
  .transform((d) => [...new Set(d)].sort());

const tirageFields = {
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(2, 'Le nom doit compter 2 caractères au moins')
    .max(80, 'Le nom est trop long (80 caractères au plus)'),
  /** The official session it follows (results published by the platform); null: the company's own draw. */
  source_id: optionalId('La source'),
  days,
  open_time: timeOfDay('L’heure d’ouverture'),
  close_time: timeOfDay('L’heure de fermeture'),
  mode: tirageMode.optional().default('auto'),
};

function checkHours(v: { open_time: string; close_time: string }, ctx: z.RefinementCtx) {
  if (v.close_time <= v.open_time)
    ctx.addIssue({ code: 'custom', path: ['close_time'], message: 'La fermeture doit suivre l’ouverture' });
}

export const tirageInput = z.object(tirageFields).superRefine(checkHours);
export type TirageInput = z.input<typeof tirageInput>;

export const tirageUpdate = z.object({ ...tirageFields, id: requiredId('L’identifiant') }).superRefine(checkHours);
export type TirageUpdate = z.input<typeof tirageUpdate>;

export const tirageListQuery = listQuery
  .extend({
    sort: sortKeys(['name', 'source', 'close_time', 'mode', 'status', 'created_at']),
    status: activeStatus.optional(),
    mode: tirageMode.optional(),
    source_id: z.coerce.number().int().positive('Source invalide').optional(),
    /** The period of `last_result` (spec: list-tirage?start_date&end_date). */
    ...dateRangeFields,
  })
  .superRefine(checkDateRange);

/** DELETE /api/companies/tirage?tirageId= (the spec's name) or ?id=. */
export const tirageDeleteQuery = z.object({
  tirageId: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
  id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
});

const tag = 'tirages';
export const tirageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/list-tirage',
    tag,
    summary: 'Tirages (page, tri, recherche, filtres, CSV) ; last_result dans la période start_date-end_date',
    access: allow.permission('view_tirage'),
    query: tirageListQuery,
    response: pageOf(tirage),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/companies/tirage',
    tag,
    summary: 'Un tirage',
    access: allow.permission('view_tirage'),
    query: idBody,
    response: tirage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/companies/tirage',
    tag,
    summary: 'Créer un tirage',
    access: allow.permission('add_tirage'),
    body: tirageInput,
    response: tirage,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/tirage',
    tag,
    summary: 'Modifier un tirage',
    access: allow.permission('change_tirage'),
    body: tirageUpdate,
    response: tirage,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/companies/tirage',
    tag,
    summary: 'Supprimer un tirage (?tirageId=, ?id= ou { id } ; refusé s’il a des fiches ou des résultats)',
    access: allow.permission('change_tirage'),
    query: tirageDeleteQuery,
    body: idBody.nullish(),
    response: okBody,
  }),
  block: endpoint({
    method: 'POST',
    path: '/api/companies/tirage/block',
    tag,
    summary: 'Bloquer / débloquer un tirage (il ne vend plus)',
    access: allow.permission('block_tirage'),
    body: blockBody,
    response: tirage,
  }),
  drawSources: endpoint({
    method: 'GET',
    path: '/api/companies/draw-sources',
    tag,
    summary: 'Les sessions officielles (heure du tirage aujourd’hui dans le fuseau de la compagnie)',
    access: allow.signedIn(COMPANY_ROLES),
    response: z.array(drawSource),
    errors: { 401: errorBody, 403: errorBody },
  }),
};

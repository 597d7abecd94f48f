import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { checkDateRange, dateRangeFields, isoDay, requiredId } from './engine-common';
import { idBody, listQuery, pageOf, sortKeys } from './list';
import { money } from './money';

/**
 * Results of a company draw on a date (info-tirage) and the platform's automatic results.
 *
 * Company: GET /api/companies/info-tirage (page; `?id=` one result) · POST (enter) · PUT (correct: a new
 * version that re-settles the draw) · DELETE ?id= (withdraw: tickets back to « en attente »).
 * A correction or a withdrawal that changes a paid ticket answers 409 `PAID_TICKETS` unless
 * `confirm: true`: then those payments are reversed (recorded) and the tickets may be paid again.
 *
 * Platform: POST /api/generals/tirage-auto publishes a source's result once for a date; every company
 * draw following that source gets it and is settled. Idempotent (the same numbers again change
 * nothing), so a results feed can push the same call. GET /api/generals/tirage-auto lists them.
 */

export const pick3Field = z
  .string({ error: 'Le Pick 3 est requis' })
  .trim()
  .regex(/^\d{3}$/, 'Le Pick 3 doit avoir exactement 3 chiffres');
export const pick4Field = z
  .string({ error: 'Le Pick 4 est requis' })
  .trim()
  .regex(/^\d{4}$/, 'Le Pick 4 doit avoir exactement 4 chiffres');

/** The lots of a result, derived (docs/domain.md) and the option numbers of the company's mapping. */
export const lotsView = z.object({
  lot1: z.string(),
  lot2: z.string(),
  lot3: z.string(),
  loto3: z.string(),
  /** Loto 4 / loto 5 option numbers by code ('41': '4567', …), with the company's mappings. */
  options: z.record(z.string(), z.string()),
});
export type LotsView = z.infer<typeof lotsView>;

export const infoTirage = z.object({
  id: z.number().int(),
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  draw_date: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  lots: lotsView,
  version: z.number().int(),
  origin: z.enum(['manual', 'auto']),
  created_at: z.string(),
  updated_at: z.string(),
  settled_at: z.string().nullable(),
  /** Tickets of the draw on that date, winners among them, their winnings and how many are paid. */
  tickets: z.number().int(),
  winners: z.number().int(),
  win_amount: money,
  paid: z.number().int(),
});
export type InfoTirage = z.infer<typeof infoTirage>;

export const infoTirageInput = z.object({
  tirage_id: requiredId('Le tirage'),
  draw_date: isoDay('La date du tirage'),
  pick3: pick3Field,
  pick4: pick4Field,
});
export type InfoTirageInput = z.input<typeof infoTirageInput>;

export const infoTirageUpdate = z.object({
  id: requiredId('L’identifiant'),
  pick3: pick3Field,
  pick4: pick4Field,
  /** Confirms a correction that changes paid tickets (their payments are reversed). */
  confirm: z.boolean().optional().default(false),
  reason: z.string().trim().max(200, 'Le motif est trop long (200 caractères au plus)').optional(),
});
export type InfoTirageUpdate = z.input<typeof infoTirageUpdate>;

export const infoTirageDeleteQuery = z.object({
  id: requiredId('L’identifiant'),
  confirm: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

export const infoTirageListQuery = listQuery
  .extend({
    /** `?id=` answers that one result instead of a page. */
    sort: sortKeys(['draw_date', 'tirage', 'version', 'updated_at']),
    id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
    tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
    ...dateRangeFields,
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

/** What a settlement did (answer of POST/PUT/DELETE info-tirage, per company for tirage-auto). */
export const settlement = z.object({
  tickets: z.number().int(),
  winners: z.number().int(),
  win_amount: money,
  changed_lines: z.number().int(),
  reversed: z.number().int(),
});
export type Settlement = z.infer<typeof settlement>;

export const infoTirageWriteAnswer = z.object({ result: infoTirage.nullable(), settlement });

/* ---- Platform (superuser): automatic results ---- */

export const tirageAutoInput = z.object({
  /** The source: its state and session codes (stable for a feed), e.g. 'NY' + 'soir'. */
  state: z
    .string({ error: 'L’état est requis' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'État invalide (deux lettres, ex. NY)'),
  session: z
    .string({ error: 'La session est requise' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3,10}$/, 'Session invalide (matin, midi, soir ou nuit)'),
  draw_date: isoDay('La date du tirage'),
  pick3: pick3Field,
  pick4: pick4Field,
  /** Also correct companies whose paid tickets change (their payments are reversed). */
  confirm: z.boolean().optional().default(false),
});
export type TirageAutoInput = z.input<typeof tirageAutoInput>;

export const drawResult = z.object({
  id: z.number().int(),
  source_id: z.number().int(),
  source_name: z.string(),
  state: z.string(),
  session: z.string(),
  draw_date: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  lot1: z.string(),
  lot2: z.string(),
  lot3: z.string(),
  version: z.number().int(),
  published_at: z.string(),
  updated_at: z.string(),
  /** Company draws following this source that hold this result now. */
  companies: z.number().int(),
});
export type DrawResult = z.infer<typeof drawResult>;

/** Per company draw: settled (new or corrected), unchanged (same numbers), or refused (paid tickets). */
export const tirageAutoCompany = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  outcome: z.enum(['settled', 'corrected', 'unchanged', 'refused']),
  message: z.string().nullable(),
  settlement: settlement.nullable(),
});
export type TirageAutoCompany = z.infer<typeof tirageAutoCompany>;

export const tirageAutoAnswer = z.object({ result: drawResult, companies: z.array(tirageAutoCompany) });
export type TirageAutoAnswer = z.infer<typeof tirageAutoAnswer>;

export const tirageAutoListQuery = listQuery
  .extend({
    sort: sortKeys(['draw_date', 'source', 'updated_at']),
    source_id: z.coerce.number({ error: 'Source invalide' }).int().positive('Source invalide').optional(),
    ...dateRangeFields,
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

/** The conventions' other form of a DELETE: `{ id, confirm }` in the body. */
const infoTirageDeleteBody = z.object({ id: idBody.shape.id, confirm: z.boolean().optional() }).nullish();

export const infoTirageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/info-tirage',
    tag: 'info-tirage',
    summary: 'Résultats des tirages (page, filtres tirage_id / période, CSV) ; ?id= répond ce résultat seul',
    access: allow.permission('view_infotirage'),
    query: infoTirageListQuery,
    response: z.union([pageOf(infoTirage), infoTirage]),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/companies/info-tirage',
    tag: 'info-tirage',
    summary: 'Saisir le résultat d’un tirage (pas avant l’heure officielle) et régler ses fiches',
    access: allow.permission('add_infotirage'),
    body: infoTirageInput,
    response: infoTirageWriteAnswer,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/info-tirage',
    tag: 'info-tirage',
    summary:
      'Corriger un résultat (nouvelle version, fiches réglées à nouveau ; confirm si des fiches payées changent)',
    access: allow.permission('change_infotirage'),
    body: infoTirageUpdate,
    response: infoTirageWriteAnswer,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/companies/info-tirage',
    tag: 'info-tirage',
    summary: 'Retirer un résultat (?id=&confirm=) : les fiches reviennent « en attente »',
    access: allow.permission('change_infotirage'),
    query: infoTirageDeleteQuery.partial(),
    body: infoTirageDeleteBody,
    response: infoTirageWriteAnswer,
  }),
};

export const tirageAutoEndpoints = {
  publish: endpoint({
    method: 'POST',
    path: '/api/generals/tirage-auto',
    tag: 'tirage-auto',
    summary:
      'Publier le résultat d’une source (état + session) pour une date : chaque tirage qui la suit le reçoit et est réglé. Idempotent.',
    access: allow.permission('add_tirage_auto', ['superuser']),
    body: tirageAutoInput,
    response: tirageAutoAnswer,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/generals/tirage-auto',
    tag: 'tirage-auto',
    summary: 'Résultats publiés par la plateforme (page, filtres source / période, CSV)',
    access: allow.permission('add_tirage_auto', ['superuser']),
    query: tirageAutoListQuery,
    response: pageOf(drawResult),
  }),
};

import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';
import { checkDateRange, SOLD_BET_CODES } from './engine-common';
import { listQuery } from './list';
import { money } from './money';
import { currencyFilter, currencyReportQuery, reportFilters } from './reports';

/** Statistics (exposure per number) and the winning lots of a period: figures as in reports.ts. */

/* ---- Statistics: GET /api/companies/statistiques (view_statistique) ---- */
/**
 * Amount sold per number and game in the period (from the limit counters, net of cancellations; free
 * mariages are not counted), with the limit in force for the company (exposure). `lotto_id` filters
 * one game code (20, 30, 40, 41…). Rows: the company-wide counters; with agent_id that agent's; with
 * surcussale_id its agents'; a supervisor only ever its agents'. Sorted by amount (largest first),
 * 50 000 rows at most (every bolet row always); `total` covers every row.
 */
export const statisticsQuery = z
  .object({
    ...reportFilters,
    lotto_id: z.coerce
      .number({ error: 'Jeu invalide' })
      .int('Jeu invalide')
      .refine((c) => (SOLD_BET_CODES as number[]).includes(c), 'Jeu inconnu (20, 30, 40, 41-43, 51-53)')
      .optional(),
    /** The table's page (largest amount first); the figures, the grid and the CSV cover every number. */
    page: listQuery.shape.page,
    page_size: z.coerce
      .number({ error: 'La taille de page doit être un nombre' })
      .int('La taille de page doit être un entier')
      .min(1, 'La taille de page doit être au moins 1')
      .max(500, 'La taille de page est de 500 au plus')
      .default(25),
    /** Digits of the number (« 12*34 » finds « 12*34 » and « 1234 »); other characters are ignored. */
    search: z
      .string()
      .max(20, 'La recherche est trop longue (20 caractères au plus)')
      .optional()
      .transform((v) => v?.replace(/\D/g, '') || undefined),
    ...currencyFilter,
    format: z.enum(['json', 'csv'], { error: 'Format invalide' }).default('json'),
  })
  .superRefine(checkDateRange);
export const statisticsRow = z.object({
  code: z.number().int(),
  number: z.string(),
  amount: money,
  /** The company limit for that number and game (the tightest over the draws), null without one. */
  limit: money.nullable(),
});
export const statistics = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** The currency of every amount of the answer; `currencies`: those of the selection (currencyFilter). */
  currency: z.string(),
  currencies: z.array(z.string()),
  /** One page of the numbers matching `search`, largest amount first (then game, number). */
  rows: z.array(statisticsRow),
  /** Numbers matching `search` (the table's length). */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Every (game, number) sold in the selection, whatever `search`. */
  numbers: z.number().int(),
  /** The number sold most, and the one nearest its limit (largest amount ÷ limit), over every number. */
  top: statisticsRow.nullable(),
  exposed: statisticsRow.nullable(),
  /**
   * The bolet grid 00-99 (code 20): amount per ball, its limit, and whether the ball is blocked now
   * (blocage-boule, active): 'all' for every draw asked (the draw filtered on, or all draws), 'some'
   * for some of the company's draws only, null when it sells.
   */
  bolet: z.array(
    z.object({
      number: z.string(),
      amount: money,
      limit: money.nullable(),
      blocked: z.enum(['all', 'some']).nullable(),
    }),
  ),
  total: money,
});
export type Statistics = z.infer<typeof statistics>;

/* ---- Winning lots: GET /api/companies/lotgagnant (view_lot_gagnant_partiel) ---- */
export const lotGagnantRow = z.object({
  tirage_id: z.number().int(),
  tirage_name: z.string(),
  draw_date: z.string(),
  pick3: z.string(),
  pick4: z.string(),
  lot1: z.string(),
  lot2: z.string(),
  lot3: z.string(),
  tickets: z.number().int(),
  winners: z.number().int(),
  wins: money,
  /** The currency of `wins`: the draw's company's. */
  currency: z.string(),
});
export const lotGagnant = z.object({ rows: z.array(lotGagnantRow), currency: z.string() });
export type LotGagnant = z.infer<typeof lotGagnant>;

const tag = 'statistiques';
const FILTERS =
  'Période : start_date / end_date (jours de la compagnie ; par défaut aujourd’hui ; une seule borne : ce jour). ' +
  'Filtres : tirage_id, surcussale_id, agent_id. Un superviseur ne voit que ses vendeurs ; le superadmin avec ' +
  '« Toutes » voit toutes les compagnies du pays choisi, une devise à la fois (currency ; par défaut celle du pays). ' +
  'format=csv : export.';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const statisticsEndpoints = {
  numbers: endpoint({
    method: 'GET',
    path: '/api/companies/statistiques',
    tag,
    summary: 'Montant vendu par numéro et par jeu, avec la limite de la compagnie (grille bolet 00-99)',
    description: `${FILTERS} lotto_id : un jeu (20, 30, 40, 41-43, 51-53). Le tableau est paginé (page, page_size ≤ 500, le plus gros montant d’abord) et cherché sur les chiffres du numéro (search) ; le total, le nombre de numéros, le plus joué, le plus exposé et la grille bolet portent sur tous les numéros ; le CSV aussi.`,
    access: allow.permission('view_statistique'),
    query: statisticsQuery,
    response: statistics,
    errors,
  }),
  lotGagnant: endpoint({
    method: 'GET',
    path: '/api/companies/lotgagnant',
    tag,
    summary: 'Lots gagnants par tirage et date de la période, avec fiches, fiches gagnantes et gains',
    description: FILTERS,
    access: allow.permission('view_lot_gagnant_partiel'),
    query: currencyReportQuery,
    response: lotGagnant,
    errors,
  }),
};

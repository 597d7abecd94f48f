import '../zod-setup';
import { z } from 'zod';
import { normaliseNumber } from '../game/bets';
import { GameError } from '../game/errors';
import { activeStatus, amountField, optionalId, requiredId, soldBetCode } from './engine-common';
import { listQuery } from './list';
import { money } from './money';

/**
 * Sale limits (domain.md « Limits and blocking »): the maximum total stake per number per draw-date,
 * cumulative over every ticket, checked at sale under concurrency.
 *
 * Four kinds, each with the spec's endpoints (GET page with `?id=` for one; POST; PUT; DELETE ?id=;
 * POST …/block {id, blocked} to suspend / resume):
 * - game (limite-game): /api/companies/type-games — per game, company-wide (typegame, block_limite_game)
 * - game per agent: /api/companies/type-games-agent (typegameagent, block_limite_game_agent)
 * - ball (limite-boule): /api/companies/type-boules — one number of a game (typeboule, block_limite_boule)
 * - ball per agent: /api/companies/type-boules-agent (typebouleagent, block_limite_boule_agent)
 * `tirage_id` null = every draw. A ball limit overrides the game limit, a draw's limit the all-draws
 * one; company and agent limits both apply. A suspended (blocked) limit is not applied.
 */

export const LIMIT_KINDS = ['game', 'game-agent', 'boule', 'boule-agent'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const saleLimit = z.object({
  id: z.number().int(),
  kind: z.enum(LIMIT_KINDS),
  code: z.number().int(),
  /** The ball (or mariage 'aa*bb', loto number); null for a game limit. */
  number: z.string().nullable(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  tirage_id: z.number().int().nullable(),
  tirage_name: z.string().nullable(),
  max_amount: money,
  status: activeStatus,
  /**
   * What the limit is checked against: the highest total sold today (company's business date) on ONE
   * number in ONE draw among those it covers — company-wide counters (agent 0) or the agent's; its draw,
   * or every draw (the largest); its number, or every number of its game (the largest). Centimes.
   */
  sold_today: money,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SaleLimit = z.infer<typeof saleLimit>;

/** A number as played for a code, normalised (mariage smaller ball first); French message otherwise. */
export const limitNumber = z
  .string({ error: 'Le numéro est requis' })
  .trim()
  .min(1, 'Le numéro est requis')
  .max(11, 'Numéro invalide');

function checkNumber(v: { code: number; number?: string | null }, ctx: z.RefinementCtx) {
  if (v.number === undefined || v.number === null) return;
  try {
    normaliseNumber(v.code as never, v.number);
  } catch (e) {
    ctx.addIssue({ code: 'custom', path: ['number'], message: e instanceof GameError ? e.message : 'Numéro invalide' });
  }
}

const base = {
  code: soldBetCode,
  tirage_id: optionalId('Le tirage'),
  max_amount: amountField('Le montant maximum', { allowZero: true }),
};
const agent = { agent_id: requiredId('Le vendeur') };
const ball = { number: limitNumber };
const id = { id: requiredId('L’identifiant') };

export const typeGameInput = z.object(base);
export const typeGameUpdate = z.object({ ...id, ...base });
export const typeGameAgentInput = z.object({ ...base, ...agent });
export const typeGameAgentUpdate = z.object({ ...id, ...base, ...agent });
/** Mariage '34*12' is stored as '12*34' (both orders are one number). */
const normalised = <T extends { code: number; number: string }>(v: T): T => ({
  ...v,
  number: normaliseNumber(v.code as never, v.number),
});
export const typeBouleInput = z
  .object({ ...base, ...ball })
  .superRefine(checkNumber)
  .transform(normalised);
export const typeBouleUpdate = z
  .object({ ...id, ...base, ...ball })
  .superRefine(checkNumber)
  .transform(normalised);
export const typeBouleAgentInput = z
  .object({ ...base, ...agent, ...ball })
  .superRefine(checkNumber)
  .transform(normalised);
export const typeBouleAgentUpdate = z
  .object({ ...id, ...base, ...agent, ...ball })
  .superRefine(checkNumber)
  .transform(normalised);

export type TypeGameInput = z.input<typeof typeGameInput>;
export type TypeGameAgentInput = z.input<typeof typeGameAgentInput>;
export type TypeBouleInput = z.input<typeof typeBouleInput>;
export type TypeBouleAgentInput = z.input<typeof typeBouleAgentInput>;

export const saleLimitListQuery = listQuery.extend({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
  // A bet code (20-53); bounded: the column is a smallint, and an out-of-range filter is the sender's mistake.
  code: z.coerce
    .number({ error: 'Jeu invalide' })
    .int('Jeu invalide')
    .min(1, 'Jeu invalide')
    .max(99, 'Jeu invalide')
    .optional(),
  tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
  agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
  status: activeStatus.optional(),
});

/* ---- Blocked balls (blocage-boule) ---- */

/**
 * GET /api/companies/boules-block (page; `?id=` one) · POST {number, tirage_id?, note?} (add_bouleblock) ·
 * PUT {id, …} (change_bouleblock) · DELETE ?id= (change_bouleblock) · POST /boules-block/block
 * {id, blocked} (block_boule: false lifts the block, kept in the list). A ball '12' blocks bolet 12 and
 * every mariage with 12; '12*34' one mariage; 3, 4 or 5 digits a loto number.
 */
export const bouleBlock = z.object({
  id: z.number().int(),
  number: z.string(),
  /** What the number covers: bolet + mariages (2 digits), mariage, loto3, loto4, loto5. */
  kind: z.enum(['boule', 'mariage', 'loto3', 'loto4', 'loto5']),
  tirage_id: z.number().int().nullable(),
  tirage_name: z.string().nullable(),
  blocked: z.boolean(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BouleBlock = z.infer<typeof bouleBlock>;

/** '12', '12*34' (any order, normalised), '123', '1234', '12345'. */
export const blockNumber = z
  .string({ error: 'Le numéro est requis' })
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine(
    (v) => /^\d{2}$|^\d{2}\*\d{2}$|^\d{3,5}$/.test(v),
    'Numéro invalide : 2 chiffres (boule), 12*34 (mariage) ou 3 à 5 chiffres (loto)',
  )
  .refine((v) => !/^(\d{2})\*\1$/.test(v), 'Un mariage ne peut pas avoir deux fois la même boule')
  .transform((v) => (v.includes('*') ? v.split('*').sort().join('*') : v));

const blockFields = {
  number: blockNumber,
  tirage_id: optionalId('Le tirage'),
  note: z
    .string()
    .trim()
    .max(200, 'La note est trop longue (200 caractères au plus)')
    .optional()
    .nullable()
    .transform((v) => v || null),
};
export const bouleBlockInput = z.object(blockFields);
export type BouleBlockInput = z.input<typeof bouleBlockInput>;
export const bouleBlockUpdate = z.object({ ...id, ...blockFields });
export type BouleBlockUpdate = z.input<typeof bouleBlockUpdate>;

export const bouleBlockListQuery = listQuery.extend({
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
  tirage_id: z.coerce.number({ error: 'Tirage invalide' }).int().positive('Tirage invalide').optional(),
  blocked: z.enum(['true', 'false'], { error: 'Filtre invalide' }).optional(),
});

/* ---- Free mariage intervals (interval-ma) ---- */

/**
 * GET /api/companies/list-interval-ma (page) · POST /api/companies/add-interval-ma (add_typegame) ·
 * PUT /api/companies/edit-interval-ma (change_typegame) · DELETE /api/companies/interval-ma?id=
 * (change_typegame) · POST /api/companies/interval-ma/block {id, blocked} (mariage_free).
 * A ticket whose amount per draw is in [min, max] gets `count` free mariages per draw (the largest
 * count when intervals overlap); max null = no upper bound.
 */
export const intervalMa = z.object({
  id: z.number().int(),
  min_amount: money,
  max_amount: money.nullable(),
  count: z.number().int(),
  status: activeStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type IntervalMa = z.infer<typeof intervalMa>;

const intervalFields = {
  min_amount: amountField('Le montant minimum', { allowZero: true }),
  max_amount: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    amountField('Le montant maximum', { allowZero: true }).nullable(),
  ),
  count: z.coerce
    .number({ error: 'Le nombre de mariages gratuits est requis' })
    .int('Le nombre de mariages gratuits doit être entier')
    .min(1, 'Au moins 1 mariage gratuit')
    .max(10, '10 mariages gratuits au plus'),
};
function checkInterval(v: { min_amount: number; max_amount: number | null }, ctx: z.RefinementCtx) {
  if (v.max_amount !== null && v.max_amount < v.min_amount)
    ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'Le maximum doit être au moins égal au minimum' });
}
export const intervalMaInput = z.object(intervalFields).superRefine(checkInterval);
export type IntervalMaInput = z.input<typeof intervalMaInput>;
export const intervalMaUpdate = z.object({ ...id, ...intervalFields }).superRefine(checkInterval);
export type IntervalMaUpdate = z.input<typeof intervalMaUpdate>;

export const intervalMaListQuery = listQuery.extend({ status: activeStatus.optional() });

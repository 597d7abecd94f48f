import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { normaliseNumber } from '../game/bets';
import { GameError } from '../game/errors';
import { okBody } from './common';
import { activeStatus, amountField, optionalId, requiredId, soldBetCode } from './engine-common';
import { blockBody, deleteTarget, listQuery, pageOf, sortKeys } from './list';
import { money } from './money';

/**
 * Sale limits (docs/domain.md « Limits and blocking »): the maximum total stake per number per draw-date,
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

const limitFilters = listQuery.extend({
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

/** The sort keys of a kind's list (first = default): number for ball kinds, agent for per-agent ones. */
const listOf = <const K extends readonly [string, ...string[]]>(sort: K) =>
  limitFilters.extend({ sort: sortKeys(sort) });
export const saleLimitListQueries = {
  game: listOf(['code', 'tirage', 'max_amount', 'status', 'created_at', 'updated_at']),
  'game-agent': listOf(['code', 'agent', 'tirage', 'max_amount', 'status', 'created_at', 'updated_at']),
  boule: listOf(['code', 'number', 'tirage', 'max_amount', 'status', 'created_at', 'updated_at']),
  'boule-agent': listOf(['code', 'number', 'agent', 'tirage', 'max_amount', 'status', 'created_at', 'updated_at']),
};

/**
 * The table of kinds: each kind's path, the entity of its codenames (view_ / add_ / change_ + entity,
 * docs/spec.md §6), its block codename, and the French name of its list (OpenAPI summaries).
 */
const KIND_TABLE = {
  game: {
    path: '/api/companies/type-games',
    entity: 'typegame',
    block: 'block_limite_game',
    label: 'Limites par jeu',
    input: typeGameInput,
    update: typeGameUpdate,
  },
  'game-agent': {
    path: '/api/companies/type-games-agent',
    entity: 'typegameagent',
    block: 'block_limite_game_agent',
    label: 'Limites par jeu et par vendeur',
    input: typeGameAgentInput,
    update: typeGameAgentUpdate,
  },
  boule: {
    path: '/api/companies/type-boules',
    entity: 'typeboule',
    block: 'block_limite_boule',
    label: 'Limites par boule',
    input: typeBouleInput,
    update: typeBouleUpdate,
  },
  'boule-agent': {
    path: '/api/companies/type-boules-agent',
    entity: 'typebouleagent',
    block: 'block_limite_boule_agent',
    label: 'Limites par boule et par vendeur',
    input: typeBouleAgentInput,
    update: typeBouleAgentUpdate,
  },
} as const;

/** The endpoints of one kind, generated from its row of the table (same shapes, one service). */
function kindEndpoints<const K extends LimitKind>(kind: K) {
  const k = KIND_TABLE[kind];
  const tag = `limits-${kind}` as const;
  return {
    list: endpoint({
      method: 'GET',
      path: k.path,
      tag,
      summary: `${k.label} (page, tri, recherche, filtres, CSV) ; ?id= répond cette limite seule`,
      access: allow.permission(`view_${k.entity}`),
      query: saleLimitListQueries[kind],
      response: z.union([pageOf(saleLimit), saleLimit]),
    }),
    create: endpoint({
      method: 'POST',
      path: k.path,
      tag,
      summary: `${k.label} : créer (max_amount en centimes ; tirage_id absent = tous les tirages)`,
      access: allow.permission(`add_${k.entity}`),
      body: k.input,
      response: saleLimit,
    }),
    update: endpoint({
      method: 'PUT',
      path: k.path,
      tag,
      summary: `${k.label} : modifier (id dans le corps)`,
      access: allow.permission(`change_${k.entity}`),
      body: k.update,
      response: saleLimit,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: k.path,
      tag,
      summary: `${k.label} : supprimer`,
      access: allow.permission(`change_${k.entity}`),
      ...deleteTarget,
      response: okBody,
    }),
    block: endpoint({
      method: 'POST',
      path: `${k.path}/block`,
      tag,
      summary: `${k.label} : suspendre (blocked true) / réactiver`,
      access: allow.permission(k.block),
      body: blockBody,
      response: saleLimit,
    }),
  };
}

/**
 * The four kinds' endpoints: GET <path> (page, or `?id=` one) · POST · PUT (id in the body) ·
 * DELETE (?id= or body) · POST <path>/block {id, blocked}.
 */
export const limitEndpoints = {
  game: kindEndpoints('game'),
  'game-agent': kindEndpoints('game-agent'),
  boule: kindEndpoints('boule'),
  'boule-agent': kindEndpoints('boule-agent'),
};
export type LimitKindEndpoints = (typeof limitEndpoints)[LimitKind];

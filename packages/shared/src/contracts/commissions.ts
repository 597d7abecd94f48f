import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import type { CommissionGame } from '../game/commission';
import { listQuery, pageOf, sortKeys } from './list';
import { commissionBp } from './people';

/**
 * Agent commission per game (issue 20 §3) at three levels, the most specific wins: agent >
 * surcussale > company; a game with no rate anywhere keeps the agent's single rate (its own, else the
 * company's). Rates in basis points (1000 = 10 %); a ticket keeps the rates in force at its sale.
 *
 * GET /api/companies/commissions?level=&surcussale_id=|agent_id=: one level's rates and those in force;
 * PUT the same (every game null: the level inherits again); GET /api/companies/commissions/list?level=:
 * the sub-branches or agents that have their own rates. Permissions like the primes': the company level
 * view_tauxtirage / change_tauxtirage, the sub-branch and agent levels view_agenttauxtirage /
 * change_agenttauxtirage (a supervisor: only the sub-branches and agents it watches).
 */

export const COMMISSION_LEVELS = ['company', 'surcussale', 'agent'] as const;
export type CommissionLevel = (typeof COMMISSION_LEVELS)[number];

const level = z.enum(COMMISSION_LEVELS, { error: 'Niveau invalide (company, surcussale ou agent)' });
const optionalTarget = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label} invalide` })
      .int(`${label} invalide`)
      .positive(`${label} invalide`)
      .optional(),
  );

/** '' / null / absent: inherit from the next level. */
const optionalRate = z.preprocess((v) => (v === '' || v === undefined ? null : v), commissionBp.nullable());

const rate = z.number().int();
const partialRates = z.object({
  bolet: rate.nullable(),
  mariage: rate.nullable(),
  loto3: rate.nullable(),
  loto4: rate.nullable(),
  loto5: rate.nullable(),
} satisfies Record<CommissionGame, unknown>);
const rates = z.object({ bolet: rate, mariage: rate, loto3: rate, loto4: rate, loto5: rate } satisfies Record<
  CommissionGame,
  unknown
>);

/** Which level, and its target: the sub-branch or the agent (none for the company). */
const target = {
  level,
  surcussale_id: optionalTarget('Succursale'),
  agent_id: optionalTarget('Vendeur'),
};

function targetNamed(v: { level: CommissionLevel; surcussale_id?: number; agent_id?: number }, ctx: z.RefinementCtx) {
  if (v.level === 'surcussale' && !v.surcussale_id)
    ctx.addIssue({ code: 'custom', path: ['surcussale_id'], message: 'Choisissez une succursale' });
  if (v.level === 'agent' && !v.agent_id)
    ctx.addIssue({ code: 'custom', path: ['agent_id'], message: 'Choisissez un vendeur' });
  // A target the level does not take is refused, never ignored (the request would act on something else).
  if (v.level !== 'surcussale' && v.surcussale_id)
    ctx.addIssue({ code: 'custom', path: ['surcussale_id'], message: 'Ce niveau ne prend pas de succursale' });
  if (v.level !== 'agent' && v.agent_id)
    ctx.addIssue({ code: 'custom', path: ['agent_id'], message: 'Ce niveau ne prend pas de vendeur' });
}

export const commissionQuery = z.object(target).superRefine(targetNamed);

export const commissionInput = z
  .object({
    ...target,
    bolet: optionalRate,
    mariage: optionalRate,
    loto3: optionalRate,
    loto4: optionalRate,
    loto5: optionalRate,
  } satisfies Record<CommissionGame, unknown> & typeof target)
  .superRefine(targetNamed);
export type CommissionInput = z.input<typeof commissionInput>;

/** One level's rates (null: inherited) and, for that target, the rates in force and where they come from. */
export const commissionSetting = z.object({
  level,
  /** The sub-branch or agent (null for the company level). */
  target_id: z.number().int().nullable(),
  target_name: z.string().nullable(),
  rates: partialRates,
  /** The rates a sale of this target would take now (the company level: before any agent's own rate). */
  effective: rates,
  /** The single rate used where no level sets a game (the agent's own, else the company's). */
  fallback_bp: z.number().int(),
  /** Null: this level has no rates of its own. */
  updated_at: z.string().nullable(),
});
export type CommissionSetting = z.infer<typeof commissionSetting>;

export const commissionRow = partialRates.extend({
  id: z.number().int(),
  level,
  target_id: z.number().int(),
  target_name: z.string(),
  updated_at: z.string(),
});
export type CommissionRow = z.infer<typeof commissionRow>;

export const commissionListQuery = listQuery.extend({
  level: z.enum(['surcussale', 'agent'], { error: 'Niveau invalide (surcussale ou agent)' }).default('agent'),
  sort: sortKeys(['target_name', 'updated_at']),
});

const tag = 'commissions';
export const commissionEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/companies/commissions',
    tag,
    summary: 'Commissions par jeu d’un niveau (compagnie, succursale ou vendeur) et celles en vigueur',
    access: allow.anyOf(['view_tauxtirage', 'view_agenttauxtirage']),
    query: commissionQuery,
    response: commissionSetting,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/companies/commissions',
    tag,
    summary: 'Fixer les commissions par jeu d’un niveau (null = hérité ; tout null : le niveau hérite)',
    access: allow.anyOf(['change_tauxtirage', 'change_agenttauxtirage']),
    body: commissionInput,
    response: commissionSetting,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/companies/commissions/list',
    tag,
    summary: 'Succursales ou vendeurs ayant leurs propres commissions : page, tri, recherche, CSV',
    access: allow.permission('view_agenttauxtirage'),
    query: commissionListQuery,
    response: pageOf(commissionRow),
  }),
};

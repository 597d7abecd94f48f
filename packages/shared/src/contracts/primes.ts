import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import type { Codename } from '../permissions';
import { okBody } from './common';
import { amountField, MAX_PRIME, requiredId } from './engine-common';
import { deleteTarget, listQuery, pageOf, sortKeys } from './list';
import { money } from './money';

/**
 * Payout multipliers (primes) at four levels; the most specific wins: agent > surcussale > tirage >
 * general. A ticket keeps the primes in force at its sale.
 *
 * General (one per company, complete): GET/PUT /api/companies/prime (view_tauxtirage / change_tauxtirage);
 * the superuser's list of every company's: GET /api/companies/prime/list (page).
 * Per draw: /api/companies/prime-tirage (tiragetauxtirage codenames); per sub-branch and per agent:
 * /api/companies/prime-surcussale and /api/companies/prime-agent (agenttauxtirage codenames):
 * GET (page; `?id=` one), POST, PUT, DELETE ?id= (DELETE /api/companies/prime-{type}).
 * Levels below general set any subset: a null multiplier inherits.
 */

export const PRIME_FIELDS = [
  'bolet_1',
  'bolet_2',
  'bolet_3',
  'mariage',
  'loto3',
  'loto4_o1',
  'loto4_o2',
  'loto4_o3',
  'loto5_o1',
  'loto5_o2',
  'loto5_o3',
] as const;
export type PrimeField = (typeof PRIME_FIELDS)[number];

/** The bet code each multiplier pays (bolet: per lot position). */
export const PRIME_FIELD_CODE: Record<PrimeField, number> = {
  bolet_1: 20,
  bolet_2: 20,
  bolet_3: 20,
  mariage: 40,
  loto3: 30,
  loto4_o1: 41,
  loto4_o2: 42,
  loto4_o3: 43,
  loto5_o1: 51,
  loto5_o2: 52,
  loto5_o3: 53,
};

const multiplier = z.coerce
  .number({ error: 'La prime doit être un nombre' })
  .int('La prime doit être un nombre entier')
  .min(0, 'La prime ne peut pas être négative')
  .max(MAX_PRIME, `La prime est de ${MAX_PRIME.toLocaleString('fr-FR')} au plus`);

/** '' / null / undefined: inherit from the next level. */
const optionalMultiplier = z.preprocess((v) => (v === '' || v === undefined ? null : v), multiplier.nullable());

const requiredValues = Object.fromEntries(PRIME_FIELDS.map((f) => [f, multiplier])) as Record<
  PrimeField,
  typeof multiplier
>;
const optionalValues = Object.fromEntries(PRIME_FIELDS.map((f) => [f, optionalMultiplier])) as Record<
  PrimeField,
  typeof optionalMultiplier
>;

export const primeValues = z.object(
  Object.fromEntries(PRIME_FIELDS.map((f) => [f, z.number().int()])) as Record<PrimeField, z.ZodNumber>,
);
export type PrimeValues = z.infer<typeof primeValues>;
export const partialPrimeValues = z.object(
  Object.fromEntries(PRIME_FIELDS.map((f) => [f, z.number().int().nullable()])) as Record<
    PrimeField,
    z.ZodNullable<z.ZodNumber>
  >,
);
export type PartialPrimeValues = z.infer<typeof partialPrimeValues>;

/** The general level, with the payout settings that go with it. */
export const primeGeneral = primeValues.extend({
  company_id: z.number().int(),
  company_name: z.string(),
  /** Centimes a winning free mariage pays (default 1000 HTG). */
  free_mariage_amount: money,
  /** A bolet on two lots is paid for each hit (true) or the best hit only. */
  bolet_cumulative: z.boolean(),
  updated_at: z.string(),
});
export type PrimeGeneral = z.infer<typeof primeGeneral>;

export const primeGeneralInput = z.object({
  ...requiredValues,
  free_mariage_amount: amountField('Le montant du mariage gratuit', { allowZero: true }),
  bolet_cumulative: z.boolean({ error: 'Le champ « bolet_cumulative » doit être vrai ou faux' }),
  /** Superuser only (the list of every company): which company; others act on their own. */
  company_id: z.coerce.number().int().positive('Compagnie invalide').optional(),
});
export type PrimeGeneralInput = z.input<typeof primeGeneralInput>;

export const PRIME_TYPES = ['tirage', 'surcussale', 'agent'] as const;
export type PrimeType = (typeof PRIME_TYPES)[number];

/** A prime configuration of one draw, sub-branch or agent. */
export const primeConf = partialPrimeValues.extend({
  id: z.number().int(),
  type: z.enum(PRIME_TYPES),
  /** The draw, sub-branch or agent id. */
  target_id: z.number().int(),
  target_name: z.string(),
  updated_at: z.string(),
});
export type PrimeConf = z.infer<typeof primeConf>;

function atLeastOne(v: Partial<Record<PrimeField, number | null>>, ctx: z.RefinementCtx) {
  if (PRIME_FIELDS.every((f) => v[f] === null || v[f] === undefined))
    ctx.addIssue({ code: 'custom', path: ['bolet_1'], message: 'Renseignez au moins une prime' });
}

export const primeConfInput = z
  .object({
    /** tirage_id, surcussale_id or agent_id according to the endpoint. */
    target_id: requiredId('La cible'),
    ...optionalValues,
  })
  .superRefine(atLeastOne);
export type PrimeConfInput = z.input<typeof primeConfInput>;

export const primeConfUpdate = z.object({ id: requiredId('L’identifiant'), ...optionalValues }).superRefine(atLeastOne);
export type PrimeConfUpdate = z.input<typeof primeConfUpdate>;

export const primeConfListQuery = listQuery.extend({
  sort: sortKeys(['target_name', 'updated_at']),
  id: z.coerce.number({ error: 'Identifiant invalide' }).int().positive('Identifiant invalide').optional(),
});

export const primeGeneralListQuery = listQuery.extend({
  sort: sortKeys(['company_name', 'bolet_1', 'mariage', 'updated_at']),
});

/** GET /api/companies/prime: the superuser may name the company (else its selection); others read their own. */
export const primeGeneralQuery = z.object({
  company_id: z.coerce.number({ error: 'Compagnie invalide' }).int().positive('Compagnie invalide').optional(),
});

const tag = 'primes';
export const primeEndpoints = {
  general: endpoint({
    method: 'GET',
    path: '/api/companies/prime',
    tag,
    summary: 'Primes générales de la compagnie et réglages de paiement (le superuser peut passer company_id)',
    access: allow.permission('view_tauxtirage'),
    query: primeGeneralQuery,
    response: primeGeneral,
  }),
  updateGeneral: endpoint({
    method: 'PUT',
    path: '/api/companies/prime',
    tag,
    summary: 'Modifier les primes générales, le montant du mariage gratuit et le bolet cumulé',
    access: allow.permission('change_tauxtirage'),
    body: primeGeneralInput,
    response: primeGeneral,
  }),
  generalList: endpoint({
    method: 'GET',
    path: '/api/companies/prime/list',
    tag,
    summary: 'Primes générales de chaque compagnie (du pays choisi) : page, tri, recherche, CSV',
    access: allow.permission('view_tauxtirage', ['superuser']),
    query: primeGeneralListQuery,
    response: pageOf(primeGeneral),
  }),
};

/**
 * The endpoints of one level below general (/api/companies/prime-{type}): its codenames and its
 * French name in the summaries.
 */
function levelEndpoints<
  const T extends PrimeType,
  const V extends Codename,
  const A extends Codename,
  const C extends Codename,
>(type: T, title: string, codenames: { view: V; add: A; change: C }) {
  const path = `/api/companies/prime-${type}` as const;
  return {
    list: endpoint({
      method: 'GET',
      path,
      tag,
      summary: `Primes par ${title} (page, tri, recherche, CSV) ; ?id= répond cette configuration seule`,
      access: allow.permission(codenames.view),
      query: primeConfListQuery,
      response: z.union([pageOf(primeConf), primeConf]),
    }),
    create: endpoint({
      method: 'POST',
      path,
      tag,
      summary: `Configurer les primes d’un ${title} (une configuration par ${title} ; null = hérité)`,
      access: allow.permission(codenames.add),
      body: primeConfInput,
      response: primeConf,
    }),
    update: endpoint({
      method: 'PUT',
      path,
      tag,
      summary: `Modifier les primes d’un ${title}`,
      access: allow.permission(codenames.change),
      body: primeConfUpdate,
      response: primeConf,
    }),
    remove: endpoint({
      method: 'DELETE',
      path,
      tag,
      summary: `Supprimer la configuration de primes d’un ${title} (il reprend le niveau au-dessus)`,
      access: allow.permission(codenames.change),
      ...deleteTarget,
      response: okBody,
    }),
  };
}

/** Per draw, per sub-branch and per agent (a draw's primes have their own codenames). */
export const primeConfEndpoints = {
  tirage: levelEndpoints('tirage', 'tirage', {
    view: 'view_tiragetauxtirage',
    add: 'add_tiragetauxtirage',
    change: 'change_tiragetauxtirage',
  }),
  surcussale: levelEndpoints('surcussale', 'succursale', {
    view: 'view_agenttauxtirage',
    add: 'add_agenttauxtirage',
    change: 'change_agenttauxtirage',
  }),
  agent: levelEndpoints('agent', 'vendeur', {
    view: 'view_agenttauxtirage',
    add: 'add_agenttauxtirage',
    change: 'change_agenttauxtirage',
  }),
} satisfies Record<PrimeType, unknown>;

import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { amountField, checkDateRange, dateRangeFields, requiredId } from './engine-common';
import { listQuery, sortKeys } from './list';
import { money } from './money';

/**
 * Collections (« collecte », issue 20 §2): the cash an admin or a supervisor collects from one of its
 * agents. A collection is a ledger entry (wallet kind `collection`, amount −collected: the agent owes
 * less, like a deposit); its reversal is the opposite entry (`collection_reversal`), once, never an edit.
 *
 * GET /api/companies/collections (view_collection): a page (filters agent, supervisor, period; CSV).
 * POST /api/companies/collections {agent_id, amount, note?, idempotency_key} (add_collection): answers
 *   the collection (the same key: the same collection; another content: 409).
 * POST /api/companies/collections/reverse {id, reason} (change_collection): answers the collection, reversed.
 * A supervisor acts on the agents it watches only (others: 404).
 */

export const collection = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  agent_username: z.string(),
  surcussale_name: z.string().nullable(),
  supervisor_name: z.string().nullable(),
  /** What was collected (positive, centimes). */
  amount: money,
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  business_date: z.string(),
  at: z.string(),
  currency: z.string(),
  company_name: z.string(),
  timezone: z.string(),
  /** What the agent owes now (all its entries). */
  agent_balance: money,
  reversal: z
    .object({ id: z.number().int(), at: z.string(), reason: z.string().nullable(), actor_name: z.string().nullable() })
    .nullable(),
});
export type Collection = z.infer<typeof collection>;

export const collectionPage = z.object({
  results: z.array(collection),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Collected over the filtered period, net of reversals (one currency: a company's). */
  total: money,
});
export type CollectionPage = z.infer<typeof collectionPage>;

export const collectionListQuery = listQuery
  .extend({
    sort: sortKeys(['at', 'amount', 'agent']),
    ...dateRangeFields,
    agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
    supervisor_id: z.coerce.number({ error: 'Superviseur invalide' }).int().positive('Superviseur invalide').optional(),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

export const collectionInput = z.object({
  agent_id: requiredId('Le vendeur'),
  amount: amountField('Le montant'),
  note: z
    .string()
    .trim()
    .max(300, 'La note est trop longue (300 caractères au plus)')
    .optional()
    .nullable()
    .transform((v) => v || null),
  idempotency_key: z
    .string({ error: 'La clé de l’opération est requise' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Clé d’opération invalide (8 à 64 lettres, chiffres, - ou _)'),
});
export type CollectionInput = z.input<typeof collectionInput>;

export const collectionReverseInput = z.object({
  id: requiredId('La collecte'),
  reason: z
    .string({ error: 'Le motif est requis' })
    .trim()
    .min(3, 'Le motif est requis (3 caractères au moins)')
    .max(300, 'Le motif est trop long (300 caractères au plus)'),
});
export type CollectionReverseInput = z.input<typeof collectionReverseInput>;

const tag = 'collections';
export const collectionEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/collections',
    tag,
    summary: 'Collectes auprès des vendeurs (page, filtres vendeur / superviseur / période, CSV)',
    access: allow.permission('view_collection'),
    query: collectionListQuery,
    response: collectionPage,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/companies/collections',
    tag,
    summary: 'Collecter auprès d’un vendeur (écriture au portefeuille ; idempotent : idempotency_key)',
    access: allow.permission('add_collection'),
    body: collectionInput,
    response: collection,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/api/companies/collections/reverse',
    tag,
    summary: 'Annuler une collecte (écriture inverse, une seule fois ; rien n’est effacé)',
    access: allow.permission('change_collection'),
    body: collectionReverseInput,
    response: collection,
  }),
};

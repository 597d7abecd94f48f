import '../zod-setup';
import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { amountField, checkDateRange, dateRangeFields, requiredId } from './engine-common';
import { listQuery, sortKeys } from './list';
import { money } from './money';

/**
 * The agents' wallet (docs/domain.md « Money »): an append-only ledger; a balance is the sum of entries.
 * `amount` is an entry's effect on what the agent owes the company: positive = owes more.
 * Tickets and payouts write their entries themselves (sale, cancel, reactivate, payout,
 * payout_reversal); the back office writes deposits, withdrawals, adjustments and transactions zero.
 *
 * GET /api/companies/transactions?start_date&end_date&agent_id&kind (view_wallettransaction): a page
 *   of entries (newest first) with the agents' balances at the end of the period in `balances`.
 * POST /api/companies/transactions (add_wallettransaction): a deposit, withdrawal or adjustment.
 * POST /api/companies/transaction-zero {agent_id, idempotency_key, note?} (add_wallettransaction):
 *   the entry that brings the agent's balance to exactly 0 (refused when already 0).
 * DELETE /api/companies/transaction-zero?agent_id=&transaction_id= (change_wallettransaction): reverses
 *   that settlement with a zero_reversal entry (never a deletion; once).
 * Every write is idempotent (`idempotency_key`: the same key answers the same entry; the same key with
 * another content is a 409) and audited. Each write answers its entry (walletEntry): POST the entry made
 * (or found by its key), DELETE the zero_reversal entry. An agent outside the company (or outside a
 * supervisor's agents) is a 404.
 */

export const WALLET_KINDS = [
  'sale',
  'cancel',
  'reactivate',
  'payout',
  'payout_reversal',
  'deposit',
  'withdrawal',
  'adjustment',
  'zero',
  'zero_reversal',
  'collection',
  'collection_reversal',
] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

export const walletEntry = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  agent_name: z.string(),
  agent_username: z.string(),
  surcussale_name: z.string().nullable(),
  kind: z.enum(WALLET_KINDS),
  amount: money,
  gross: money,
  commission: money,
  fiche_id: z.number().int().nullable(),
  fiche_number: z.number().int().nullable(),
  reverses_id: z.number().int().nullable(),
  /** A zero entry (or a collection) that has been reversed already. */
  reversed: z.boolean(),
  note: z.string().nullable(),
  actor_name: z.string().nullable(),
  business_date: z.string(),
  at: z.string(),
  /** The currency of the agent's company (with « Toutes », entries of several currencies are listed). */
  currency: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const agentBalance = z.object({
  agent_id: z.number().int(),
  agent_name: z.string(),
  /** Sum of every entry up to the end of the period (what the agent owes; negative: « défisi »). */
  balance: money,
  currency: z.string(),
});
export type AgentBalance = z.infer<typeof agentBalance>;

export const supervisorCommissionLine = z.object({
  supervisor_id: z.number().int(),
  supervisor_name: z.string(),
  commission: money,
  currency: z.string(),
});
export type SupervisorCommissionLine = z.infer<typeof supervisorCommissionLine>;

export const walletPage = z.object({
  results: z.array(walletEntry),
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /**
   * Sum of the listed period's entries (all pages) when they have one currency (null with several:
   * amounts of different currencies are never added), that sum per currency in `totals`, and per agent
   * concerned its balance (in its company's currency).
   */
  total: money.nullable(),
  totals: z.array(z.object({ currency: z.string(), total: money, count: z.number().int() })),
  balances: z.array(agentBalance),
  /**
   * Issue 20 §3: per supervisor, its commission on the sales of the period of the agents listed
   * (agent and sub-branch filters; not the kind nor the search), as the reports sum it. Not entries of
   * the agents' ledger (the company owes it to the supervisor); a supervisor sees its own line only.
   */
  supervisor_commissions: z.array(supervisorCommissionLine),
});
export type WalletPage = z.infer<typeof walletPage>;

export const walletListQuery = listQuery
  .extend({
    sort: sortKeys(['at', 'business_date', 'amount', 'kind', 'agent']),
    ...dateRangeFields,
    agent_id: z.coerce.number({ error: 'Vendeur invalide' }).int().positive('Vendeur invalide').optional(),
    surcussale_id: z.coerce.number({ error: 'Succursale invalide' }).int().positive('Succursale invalide').optional(),
    kind: z.enum(WALLET_KINDS, { error: 'Type de mouvement invalide' }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'L’ordre doit être « asc » ou « desc »' }).default('desc'),
  })
  .superRefine(checkDateRange);

const idempotencyKey = z
  .string({ error: 'La clé de l’opération est requise' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Clé d’opération invalide (8 à 64 lettres, chiffres, - ou _)');
const note = z
  .string()
  .trim()
  .max(300, 'La note est trop longue (300 caractères au plus)')
  .optional()
  .nullable()
  .transform((v) => v || null);

/**
 * A movement entered by the back office. `amount` is what the person types, in centimes, positive:
 * a deposit (the agent hands in cash) lowers what it owes, a withdrawal (the company gives cash)
 * raises it; an adjustment has a direction (`owes_more`).
 */
export const walletInput = z
  .object({
    agent_id: requiredId('Le vendeur'),
    kind: z.enum(['deposit', 'withdrawal', 'adjustment'], { error: 'Type invalide (dépôt, retrait ou ajustement)' }),
    amount: amountField('Le montant'),
    /** Adjustment only: true = the agent owes more, false = less. */
    owes_more: z.boolean().optional(),
    note,
    idempotency_key: idempotencyKey,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'adjustment' && v.owes_more === undefined)
      ctx.addIssue({ code: 'custom', path: ['owes_more'], message: 'Indiquez le sens de l’ajustement' });
    if (v.kind === 'adjustment' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Le motif de l’ajustement est requis' });
  });
export type WalletInput = z.input<typeof walletInput>;

export const transactionZeroInput = z.object({
  agent_id: requiredId('Le vendeur'),
  note,
  idempotency_key: idempotencyKey,
});
export type TransactionZeroInput = z.input<typeof transactionZeroInput>;

export const transactionZeroDeleteQuery = z.object({
  agent_id: requiredId('Le vendeur'),
  transaction_id: requiredId('La transaction'),
});

const tag = 'wallet';
export const walletEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/companies/transactions',
    tag,
    summary: 'Mouvements du portefeuille des vendeurs (page, filtres, CSV) et soldes à la fin de la période',
    description:
      'Période : start_date / end_date (jours ouvrables, par défaut aujourd’hui). Filtres : agent_id, ' +
      'surcussale_id (succursale du vendeur), kind. `totals` : somme des mouvements filtrés par devise ' +
      '(`total` : cette somme s’il n’y a qu’une devise, null sinon) ; `balances` : solde de chaque vendeur ' +
      'concerné (tous ses mouvements jusqu’à end_date, dans la devise de sa compagnie).',
    access: allow.permission('view_wallettransaction'),
    query: walletListQuery,
    response: walletPage,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/companies/transactions',
    tag,
    summary: 'Dépôt, retrait ou ajustement pour un vendeur (idempotent : idempotency_key)',
    access: allow.permission('add_wallettransaction'),
    body: walletInput,
    response: walletEntry,
  }),
  zero: endpoint({
    method: 'POST',
    path: '/api/companies/transaction-zero',
    tag,
    summary: 'Transaction zéro : ramène le solde du vendeur à exactement 0 (refusée s’il est déjà à 0)',
    access: allow.permission('add_wallettransaction'),
    body: transactionZeroInput,
    response: walletEntry,
  }),
  reverseZero: endpoint({
    method: 'DELETE',
    path: '/api/companies/transaction-zero',
    tag,
    summary: 'Annule une transaction zéro (une écriture inverse, une seule fois ; rien n’est effacé)',
    access: allow.permission('change_wallettransaction'),
    query: transactionZeroDeleteQuery,
    response: walletEntry,
  }),
};

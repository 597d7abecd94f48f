import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './platform';

/**
 * The agents' wallet: an append-only ledger. `amount` is the entry's effect on what the agent owes
 * the company (positive: owes more). A balance is a sum of entries; nothing edits a stored balance.
 * - sale (+ gross − commission, the ticket's sale date), cancel (its opposite, when a ticket is
 *   cancelled or deleted), reactivate (a sale again);
 * - payout (− paid, the payment date), payout_reversal (+, a corrected result undid a payment);
 * - deposit (− the cash the agent hands in), withdrawal (+ what the company gives), adjustment (±);
 * - zero (the entry that brings the balance to exactly 0), zero_reversal (its opposite);
 * - collection (− the cash a supervisor collects, « collecte »), collection_reversal (its opposite, once).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    kind: text('kind', {
      enum: [
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
      ],
    }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Ticket entries: the sale amount and the commission they carry (signed like the entry). */
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    commission: bigint('commission', { mode: 'number' }).notNull().default(0),
    ficheId: bigint('fiche_id', { mode: 'number' }),
    /** zero_reversal: the zero entry it undoes. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    note: text('note'),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** The company's business day the entry belongs to. */
    businessDate: date('business_date').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Back-office writes: a retried request with the same key makes no second entry. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    // company_id in the key: distributable by company (migration 0020); id first, found by id alone.
    primaryKey({ columns: [t.id, t.companyId] }),
    index('wallet_entries_company_agent_idx').on(t.companyId, t.agentId, t.businessDate),
    index('wallet_entries_company_date_idx').on(t.companyId, t.businessDate),
    // The transactions' page, newest first, without sorting the period (migration 0006).
    index('wallet_entries_company_at_idx').on(t.companyId, t.at.desc().nullsLast()),
    uniqueIndex('wallet_entries_company_key_uq')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('wallet_entries_reverses_uq').on(t.companyId, t.reversesId).where(sql`${t.reversesId} IS NOT NULL`),
  ],
);

/**
 * The ledger summed per agent and business day, kept by a trigger on `wallet_entries` (migration
 * 0005) in the transaction that appends the entries: the agent report and the wallet's balances read
 * these rows (agents × days), never the entries (one per ticket). Not a stored balance: nothing but
 * the trigger writes here, and every row equals the sum of its day's entries (tested).
 */
export const walletAgentDay = pgTable(
  'wallet_agent_day',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    businessDate: date('business_date').notNull(),
    /** Sum of every entry of the day (the change of what the agent owes). */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    deposits: bigint('deposits', { mode: 'number' }).notNull().default(0),
    withdrawals: bigint('withdrawals', { mode: 'number' }).notNull().default(0),
    adjustments: bigint('adjustments', { mode: 'number' }).notNull().default(0),
    /** zero and zero_reversal entries. */
    zero: bigint('zero', { mode: 'number' }).notNull().default(0),
    /** collection and collection_reversal entries (migration 0023). */
    collections: bigint('collections', { mode: 'number' }).notNull().default(0),
    /** How many manual moves (deposit, withdrawal, adjustment, zero, zero reversal). */
    moves: integer('moves').notNull().default(0),
    /** How many entries of any kind (migration 0006): the transactions list's count. */
    entries: integer('entries').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.agentId, t.businessDate] }),
    index('wallet_agent_day_company_date_idx').on(t.companyId, t.businessDate),
  ],
);

const statColumns = {
  /** Tickets sold (not cancelled/deleted) holding this draw; on the day rows: tickets. */
  tickets: integer('tickets').notNull().default(0),
  sales: bigint('sales', { mode: 'number' }).notNull().default(0),
  commission: bigint('commission', { mode: 'number' }).notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  cancelledAmount: bigint('cancelled_amount', { mode: 'number' }).notNull().default(0),
  /** Winnings of the tickets sold that day (paid or not) and how many tickets won. */
  wins: bigint('wins', { mode: 'number' }).notNull().default(0),
  winners: integer('winners').notNull().default(0),
  /** Paid out that day by this agent (any ticket), net of reversals, and how many payments. */
  payouts: bigint('payouts', { mode: 'number' }).notNull().default(0),
  paid: integer('paid').notNull().default(0),
};

/**
 * Summaries maintained in the transactions that change them (sale, cancellation, deletion,
 * reactivation, settlement, payment, reversal): reports and dashboards read these, never the lines.
 * One row per (company, business day, draw, agent); a ticket on two draws counts in each draw's row.
 */
export const statsAgentDrawDay = pgTable(
  'stats_agent_draw_day',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    businessDate: date('business_date').notNull(),
    tirageId: bigint('tirage_id', { mode: 'number' }).notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }),
    ...statColumns,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.businessDate, t.tirageId, t.agentId] }),
    index('stats_agent_draw_day_company_agent_idx').on(t.companyId, t.agentId, t.businessDate),
  ],
);

/** The same per (company, business day, agent): a ticket counts once whatever its draws. */
export const statsAgentDay = pgTable(
  'stats_agent_day',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    businessDate: date('business_date').notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }),
    ...statColumns,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.businessDate, t.agentId] }),
    index('stats_agent_day_company_agent_idx').on(t.companyId, t.agentId, t.businessDate),
  ],
);

/* ---- Platform billing ---- */

/**
 * An invoice of the platform to a company for a period: active agents (agents who sold at least one
 * ticket in the period) × the company's price per agent. Paid invoices are never recomputed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    number: text('number').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    activeAgents: integer('active_agents').notNull(),
    /** Minor units of `currency` (USD cents by default). */
    pricePerAgent: bigint('price_per_agent', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: ['unpaid', 'paid', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_company_period_uq').on(t.companyId, t.periodStart, t.periodEnd),
    uniqueIndex('invoices_number_uq').on(t.number),
    // The sale refuses a company with an invoice unpaid past its grace: one probe of this index.
    index('invoices_company_status_due_idx').on(t.companyId, t.status, t.dueDate),
  ],
);

/** Payments of companies to the platform (historics-payment): online ones and those entered by hand. */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    method: text('method', { enum: ['sandbox', 'moncash', 'cash', 'transfer', 'other'] }).notNull(),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    status: text('status', { enum: ['confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_payments_company_paid_idx').on(t.companyId, t.paidAt)],
);

/**
 * An online payment started for an invoice (a checkout at a provider). Confirmed at most once: the
 * provider's transaction id is unique per provider.
 */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    provider: text('provider', { enum: ['sandbox', 'moncash'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's reference of the order (MonCash: orderId) and of the transaction once paid. */
    orderRef: text('order_ref').notNull(),
    transactionId: text('transaction_id'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => companyPayments.id),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_checkouts_order_uq').on(t.provider, t.orderRef),
    uniqueIndex('payment_checkouts_transaction_uq')
      .on(t.provider, t.transactionId)
      .where(sql`${t.transactionId} IS NOT NULL`),
    index('payment_checkouts_invoice_idx').on(t.invoiceId),
  ],
);

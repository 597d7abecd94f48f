import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

// Ticket numbers: one sequence per company (fiche_number_c<id>, migration 0009), created with the
// company by a trigger; drizzle does not describe per-row sequences.

/**
 * A ticket (fiche): one receipt, one or more draws. Money in centimes, snapshots taken at sale.
 * status: active | cancelled (by its agent, within the window) | deleted (by the back office).
 * Results are read from its lines (win_amount maintained by the settlement for winners only).
 */
export const fiches = pgTable(
  'fiches',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    // No foreign key to companies: every sale would lock the company row (FOR KEY SHARE), and 64 agents
    // selling at once make PostgreSQL build a multixact per sale on that one row. The sale checks it.
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    /** Short, human-readable: sequence × 10 + a Luhn check digit (a typo is caught at payment). */
    number: bigint('number', { mode: 'number' }).notNull(),
    /** The unguessable key of the public link /fiche-view/{refCode}. */
    refCode: text('ref_code').notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the sale request: the same key with another content is refused. */
    requestHash: text('request_hash').notNull(),
    /** The company's business date of the sale (= the draw date of every draw on it). */
    saleDate: date('sale_date').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    commissionBp: integer('commission_bp').notNull(),
    commissionAmount: bigint('commission_amount', { mode: 'number' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['active', 'cancelled', 'deleted'] })
      .notNull()
      .default('active'),
    blocked: boolean('blocked').notNull().default(false),
    statusAt: timestamp('status_at', { withTimezone: true }),
    statusBy: bigint('status_by', { mode: 'number' }),
    statusReason: text('status_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: bigint('paid_by', { mode: 'number' }),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    paidSurcussaleId: bigint('paid_surcussale_id', { mode: 'number' }),
    printCount: integer('print_count').notNull().default(1),
  },
  (t) => [
    // Keys carry company_id, the distribution column of a sharded deployment (migration 0020,
    // docs/notes-citus.md); id first, so that the one index still finds a ticket by its id alone.
    primaryKey({ columns: [t.id, t.companyId] }),
    // The public link reads by ref_code alone (its leading column); unique per company.
    uniqueIndex('fiches_ref_code_company_uq').on(t.refCode, t.companyId),
    uniqueIndex('fiches_company_number_uq').on(t.companyId, t.number),
    // The sale's idempotency key (a UUID made by the device), unique in the company. Deliberately not
    // (company, agent, key): with the agent's day index starting the same way, the planner could
    // pick that one for the key lookup (measured: a scan of the agent's whole history per sale).
    uniqueIndex('fiches_company_key_uq').on(t.companyId, t.idempotencyKey),
    // The ticket list's page in sale order straight from the index (migration 0006).
    index('fiches_company_date_sold_idx').on(t.companyId, t.saleDate, t.soldAt.desc().nullsLast()),
    index('fiches_company_agent_date_idx').on(t.companyId, t.agentId, t.saleDate),
    index('fiches_company_paid_idx').on(t.companyId, t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    index('fiches_company_winners_idx').on(t.companyId, t.saleDate).where(sql`${t.winAmount} > 0`),
  ],
);

/** One draw of a ticket: its stake for that draw and what it won there. */
export const ficheTirages = pgTable(
  'fiche_tirages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    // Written with its ticket by the sale, in the same statement: no foreign key check per line.
    ficheId: bigint('fiche_id', { mode: 'number' }).notNull(),
    // No foreign key to tirages, for the same reason (a few draws take every sale); the sale checks it.
    tirageId: bigint('tirage_id', { mode: 'number' }).notNull(),
    drawDate: date('draw_date').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The commission of this draw's part: amount × rate, rounded half up (the ticket's is their sum). */
    commissionAmount: bigint('commission_amount', { mode: 'number' }).notNull().default(0),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ficheId, t.tirageId] }),
    index('fiche_tirages_company_tirage_date_idx').on(t.companyId, t.tirageId, t.drawDate),
  ],
);

/**
 * A bet line for one draw (a ticket for 2 draws has each bet twice). The primes are the snapshot of
 * the sale: bolet uses prime1..3 per lot position; a free mariage (44) keeps its fixed amount in
 * prime1 and has a stake of 0; loto 4 / loto 5 keep the option's number template ('{lot2}{lot3}').
 */
export const ficheLines = pgTable(
  'fiche_lines',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    // Written with its ticket by the sale, in the same statement: no foreign key check per line.
    ficheId: bigint('fiche_id', { mode: 'number' }).notNull(),
    tirageId: bigint('tirage_id', { mode: 'number' }).notNull(),
    drawDate: date('draw_date').notNull(),
    /** Position of the bet on the ticket (1-based); free lines come after. */
    position: smallint('position').notNull(),
    code: smallint('code').notNull(),
    number: text('number').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    prime1: bigint('prime1', { mode: 'number' }).notNull(),
    prime2: bigint('prime2', { mode: 'number' }),
    prime3: bigint('prime3', { mode: 'number' }),
    template: text('template'),
    /** Bolet: a number on two lots is paid for each hit (true) or the best hit only. */
    cumulative: boolean('cumulative').notNull().default(true),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull().default(0),
    /** The commission rate in force at the sale (bp) and this line's commission, rounded half up; null
     * on tickets sold before migration 0024 (their commission was per draw part). */
    commissionBp: integer('commission_bp'),
    commissionAmount: bigint('commission_amount', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    index('fiche_lines_company_tirage_date_idx').on(t.companyId, t.tirageId, t.drawDate),
    index('fiche_lines_company_fiche_idx').on(t.companyId, t.ficheId),
    // The free mariages of a draw's day (the exposure board's; the counters hold the paid lines).
    index('fiche_lines_free_idx').on(t.companyId, t.tirageId, t.drawDate).where(sql`${t.code} = 44`),
  ],
);

/**
 * Running totals sold per number, per draw and date: company-wide (agent_id 0) and per agent.
 * Maintained in the sale transaction (row locks make the limits exact under concurrency).
 */
export const saleCounters = pgTable(
  'sale_counters',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    tirageId: bigint('tirage_id', { mode: 'number' }).notNull(),
    drawDate: date('draw_date').notNull(),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    code: smallint('code').notNull(),
    number: text('number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The exposure board's sums over the same lines (migration 0033): Σ stake × prime1, × prime2, ×
     * prime3 (bolet), and Σ the most each line can cost. */
    lot1: bigint('lot1', { mode: 'number' }).notNull().default(0),
    lot2: bigint('lot2', { mode: 'number' }).notNull().default(0),
    lot3: bigint('lot3', { mode: 'number' }).notNull().default(0),
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.tirageId, t.drawDate, t.agentId, t.code, t.number] })],
);

/**
 * Sold per company, day, game and number over every draw: the company-wide counters summed over their
 * draws, kept by triggers on `sale_counters` in the same transaction (migration 0007). Read by the
 * statistics of a company's period, one row per number and day.
 */
export const saleNumbers = pgTable(
  'sale_numbers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    drawDate: date('draw_date').notNull(),
    code: smallint('code').notNull(),
    number: text('number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  // No index on amount (migration 0019): every sale updates these rows, and HOT updates need it unindexed.
  (t) => [primaryKey({ columns: [t.companyId, t.drawDate, t.code, t.number] })],
);

/**
 * The day sums' pending deltas: every sale's counting appends its sums per number here (insert-only, no
 * row shared by two sales) instead of updating `sale_numbers`; `sale_numbers_fold` moves them there
 * (scheduler). Readers sum both (view `sale_numbers_live`, migration 0021).
 */
export const saleNumberDeltas = pgTable(
  'sale_number_deltas',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    drawDate: date('draw_date').notNull(),
    code: smallint('code').notNull(),
    number: text('number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** Payments of winning tickets and their reversals (a corrected result), append-only. */
export const fichePayments = pgTable(
  'fiche_payments',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    ficheId: bigint('fiche_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['payment', 'reversal'] }).notNull(),
    /** A payment is one row per draw that won (its part); a reversal mirrors what is paid per draw. */
    tirageId: bigint('tirage_id', { mode: 'number' }),
    /** Positive for a payment, negative for its reversal. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Who paid (an agent at its point of sale, or a back-office user); the corrector for a reversal. */
    actorId: bigint('actor_id', { mode: 'number' }),
    agentId: bigint('agent_id', { mode: 'number' }),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    // Its ticket in the same company (the same shard once distributed).
    foreignKey({ columns: [t.companyId, t.ficheId], foreignColumns: [fiches.companyId, fiches.id] }),
    index('fiche_payments_company_at_idx').on(t.companyId, t.at),
    index('fiche_payments_company_fiche_idx').on(t.companyId, t.ficheId),
  ],
);

/**
 * Wrong payment proofs (verification code or QR secret) of one user in its current window
 * (modules/fiches/pay-proof.ts): read FOR UPDATE, so one user's proofs are checked one at a time.
 */
export const ficheProofFailures = pgTable('fiche_proof_failures', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a ticket was sold (issue 20, company setting sale_location): written after the sale, optional. */
export const ficheLocations = pgTable(
  'fiche_locations',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    ficheId: bigint('fiche_id', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyM: integer('accuracy_m'),
    terminalId: bigint('terminal_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ficheId] }),
    foreignKey({ columns: [t.companyId, t.ficheId], foreignColumns: [fiches.companyId, fiches.id] }).onDelete(
      'cascade',
    ),
  ],
);

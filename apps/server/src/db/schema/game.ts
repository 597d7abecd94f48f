import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, surcussales } from './platform';
import { users } from './users';

/**
 * The official US sessions (platform reference, seeded): a state, a session, its official draw time
 * in the state's zone and its days (0 = Sunday … 6 = Saturday). Results are published per source.
 */
export const drawSources = pgTable(
  'draw_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    state: text('state').notNull(),
    stateName: text('state_name').notNull(),
    session: text('session').notNull(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull(),
    drawTime: time('draw_time').notNull(),
    days: smallint('days').array().notNull(),
  },
  (t) => [uniqueIndex('draw_sources_state_session_uq').on(t.state, t.session)],
);

/** A company's draw schedule. Times are in the company's zone; the server clock decides. */
export const tirages = pgTable(
  'tirages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Null: a draw of the company's own, without an official source. */
    sourceId: integer('source_id').references(() => drawSources.id),
    days: smallint('days').array().notNull(),
    openTime: time('open_time').notNull().default('00:00'),
    closeTime: time('close_time').notNull(),
    /** auto: by days and hours; open / closed: forced by the admin. */
    mode: text('mode', { enum: ['auto', 'open', 'closed'] })
      .notNull()
      .default('auto'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tirages_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('tirages_company_source_idx').on(t.companyId, t.sourceId),
    // tirage-auto: every company's draw following a source.
    index('tirages_source_idx').on(t.sourceId),
    check('tirages_hours_chk', sql`${t.openTime} < ${t.closeTime}`),
  ],
);

/** Results published once by the platform for a source and a date (« tirage automatique »). */
export const drawResults = pgTable(
  'draw_results',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => drawSources.id),
    drawDate: date('draw_date').notNull(),
    pick3: text('pick3').notNull(),
    pick4: text('pick4').notNull(),
    version: integer('version').notNull().default(1),
    publishedBy: bigint('published_by', { mode: 'number' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('draw_results_source_date_uq').on(t.sourceId, t.drawDate)],
);

/** The result in force for one company draw and date (lots derived and stored for display). */
export const infoTirages = pgTable(
  'info_tirages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    tirageId: bigint('tirage_id', { mode: 'number' })
      .notNull()
      .references(() => tirages.id),
    drawDate: date('draw_date').notNull(),
    pick3: text('pick3').notNull(),
    pick4: text('pick4').notNull(),
    lot1: text('lot1').notNull(),
    lot2: text('lot2').notNull(),
    lot3: text('lot3').notNull(),
    version: integer('version').notNull().default(1),
    origin: text('origin', { enum: ['manual', 'auto'] }).notNull(),
    drawResultId: bigint('draw_result_id', { mode: 'number' }).references(() => drawResults.id),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('info_tirages_company_tirage_date_uq').on(t.companyId, t.tirageId, t.drawDate),
    index('info_tirages_company_date_idx').on(t.companyId, t.drawDate),
  ],
);

/** Every version of a result, append-only (pick3/pick4 null: the result was withdrawn). */
export const infoTirageVersions = pgTable(
  'info_tirage_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    tirageId: bigint('tirage_id', { mode: 'number' }).notNull(),
    drawDate: date('draw_date').notNull(),
    version: integer('version').notNull(),
    pick3: text('pick3'),
    pick4: text('pick4'),
    origin: text('origin').notNull(),
    reason: text('reason'),
    actorId: bigint('actor_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('info_tirage_versions_company_tirage_idx').on(t.companyId, t.tirageId, t.drawDate)],
);

/** Loto 4 / loto 5 options of a company: how each option number is built from the lots. */
export const lottoOptions = pgTable(
  'lotto_options',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    /** 41-43 (loto 4 options 1-3), 51-53 (loto 5 options 1-3). */
    code: smallint('code').notNull(),
    label: text('label').notNull(),
    /** The parts concatenated in order: pick3, pick4, lot1, lot2, lot3, lot1LastDigit. */
    mapping: text('mapping').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lotto_options_company_code_uq').on(t.companyId, t.code),
    check('lotto_options_code_chk', sql`${t.code} IN (41, 42, 43, 51, 52, 53)`),
  ],
);

const primeColumns = {
  bolet1: integer('bolet_1'),
  bolet2: integer('bolet_2'),
  bolet3: integer('bolet_3'),
  mariage: integer('mariage'),
  loto3: integer('loto3'),
  loto4O1: integer('loto4_o1'),
  loto4O2: integer('loto4_o2'),
  loto4O3: integer('loto4_o3'),
  loto5O1: integer('loto5_o1'),
  loto5O2: integer('loto5_o2'),
  loto5O3: integer('loto5_o3'),
};

/**
 * Payout multipliers at four levels; the most specific wins: agent > surcussale > tirage > general.
 * A null multiplier inherits from the next level. The general row (one per company) is complete.
 */
export const primes = pgTable(
  'primes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    level: text('level', { enum: ['general', 'tirage', 'surcussale', 'agent'] }).notNull(),
    tirageId: bigint('tirage_id', { mode: 'number' }).references(() => tirages.id),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }).references(() => surcussales.id),
    agentId: bigint('agent_id', { mode: 'number' }).references(() => users.id),
    ...primeColumns,
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('primes_company_target_uq').on(
      t.companyId,
      t.level,
      sql`coalesce(${t.tirageId}, 0)`,
      sql`coalesce(${t.surcussaleId}, 0)`,
      sql`coalesce(${t.agentId}, 0)`,
    ),
    check(
      'primes_target_chk',
      sql`(${t.level} = 'general' AND ${t.tirageId} IS NULL AND ${t.surcussaleId} IS NULL AND ${t.agentId} IS NULL)
       OR (${t.level} = 'tirage' AND ${t.tirageId} IS NOT NULL AND ${t.surcussaleId} IS NULL AND ${t.agentId} IS NULL)
       OR (${t.level} = 'surcussale' AND ${t.surcussaleId} IS NOT NULL AND ${t.tirageId} IS NULL AND ${t.agentId} IS NULL)
       OR (${t.level} = 'agent' AND ${t.agentId} IS NOT NULL AND ${t.tirageId} IS NULL AND ${t.surcussaleId} IS NULL)`,
    ),
  ],
);

/**
 * Agent commission rates per game (basis points) at three levels, most specific wins: agent >
 * surcussale > company; null inherits, and a game with no rate anywhere keeps the agent's single rate
 * (users.commission_bp, else the company's). target_id: the sub-branch or agent, 0 for the company.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    level: text('level', { enum: ['company', 'surcussale', 'agent'] }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull().default(0),
    bolet: integer('bolet'),
    mariage: integer('mariage'),
    loto3: integer('loto3'),
    loto4: integer('loto4'),
    loto5: integer('loto5'),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.companyId] }),
    uniqueIndex('commission_rates_target_uq').on(t.companyId, t.level, t.targetId),
    check(
      'commission_rates_level_chk',
      sql`(${t.level} = 'company' AND ${t.targetId} = 0) OR (${t.level} IN ('surcussale', 'agent') AND ${t.targetId} > 0)`,
    ),
  ],
);

/**
 * Sale limits, the four kinds of the back office in one table:
 * game (agent and number null), game per agent (number null), ball (agent null), ball per agent.
 * Max total stake (centimes) per number per draw-date; tirage null = every draw.
 * A ball limit overrides the game limit; a draw-specific limit overrides the all-draws one.
 * Blocked = suspended (not applied at sale).
 */
export const saleLimits = pgTable(
  'sale_limits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    agentId: bigint('agent_id', { mode: 'number' }).references(() => users.id),
    tirageId: bigint('tirage_id', { mode: 'number' }).references(() => tirages.id),
    code: smallint('code').notNull(),
    number: text('number'),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sale_limits_target_uq').on(
      t.companyId,
      sql`coalesce(${t.agentId}, 0)`,
      t.code,
      sql`coalesce(${t.number}, '')`,
      sql`coalesce(${t.tirageId}, 0)`,
    ),
    check('sale_limits_amount_chk', sql`${t.maxAmount} >= 0`),
  ],
);

/** Blocked numbers (blocage-boule): a ball, a mariage or a loto number, for one draw or all. */
export const bouleBlocks = pgTable(
  'boule_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    tirageId: bigint('tirage_id', { mode: 'number' }).references(() => tirages.id),
    number: text('number').notNull(),
    /** False: the block is lifted (kept for the history), the number sells again. */
    active: boolean('active').notNull().default(true),
    note: text('note'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('boule_blocks_target_uq').on(t.companyId, t.number, sql`coalesce(${t.tirageId}, 0)`)],
);

/** Free mariage intervals: a ticket amount per draw in [min, max] earns `count` free pairs. */
export const intervalMas = pgTable(
  'interval_mas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'number' }),
    count: integer('count').notNull(),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interval_mas_company_idx').on(t.companyId, t.minAmount),
    check(
      'interval_mas_chk',
      sql`${t.minAmount} >= 0 AND (${t.maxAmount} IS NULL OR ${t.maxAmount} >= ${t.minAmount}) AND ${t.count} BETWEEN 1 AND 10`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { drawSources } from './game';

/**
 * The official results pipeline (issue 21, migration 0025): where results come from, the days a state
 * skips, and what the platform applies. Platform tables, no company.
 */

/** A source of results: its kind is the format it speaks; 'sandbox:' as base URL is the built-in feed. */
export const resultProviders = pgTable(
  'result_providers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', {
      enum: ['ny_socrata', 'ga_drawgames', 'tx_csv', 'tx_rss', 'fl_drawgames', 'aggregator', 'manual'],
    }).notNull(),
    states: text('states').array().notNull(),
    baseUrl: text('base_url').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    pollStartMin: integer('poll_start_min').notNull().default(5),
    pollEveryMin: integer('poll_every_min').notNull().default(10),
    giveUpMin: integer('give_up_min').notNull().default(240),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'result_providers_poll_chk',
      sql`${t.pollStartMin} BETWEEN 0 AND 1440 AND ${t.pollEveryMin} BETWEEN 1 AND 1440 AND ${t.giveUpMin} BETWEEN ${t.pollStartMin} AND 2880`,
    ),
  ],
);

/** A day a state's session does not draw (holiday): no poll, no lateness alert. */
export const drawSourceHolidays = pgTable(
  'draw_source_holidays',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => drawSources.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ name: 'draw_source_holidays_pk', columns: [t.sourceId, t.day] })],
);

/** The pipeline's platform settings (one row). */
export const resultsSettings = pgTable('results_settings', {
  id: smallint('id').primaryKey().default(1),
  applyMode: text('apply_mode', { enum: ['confirmed', 'provisional'] })
    .notNull()
    .default('confirmed'),
  lateAfterMin: integer('late_after_min').notNull().default(60),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every request to a source (migration 0026): the audit and the fetch log of the board. */
export const resultFetches = pgTable(
  'result_fetches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    providerCode: text('provider_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    dates: date('dates').array().notNull(),
    httpStatus: integer('http_status'),
    outcome: text('outcome', { enum: ['ok', 'empty', 'failed'] }).notNull(),
    observations: jsonb('observations').notNull().default([]),
    problems: text('problems').array().notNull().default(sql`'{}'`),
    excerpt: text('excerpt').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    forced: boolean('forced').notNull().default(false),
  },
  (t) => [
    index('result_fetches_at_idx').on(t.at, t.id),
    index('result_fetches_provider_at_idx').on(t.providerCode, t.at),
  ],
);

/** What one source gives a state session on a date now, and since when. */
export const resultObservations = pgTable(
  'result_observations',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => drawSources.id, { onDelete: 'cascade' }),
    drawDate: date('draw_date').notNull(),
    providerCode: text('provider_code').notNull(),
    pick3: text('pick3').notNull(),
    pick4: text('pick4').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'result_observations_pk', columns: [t.sourceId, t.drawDate, t.providerCode] })],
);

/** The trust of a state session's result on a date (provisional, confirmed, conflict, manual…). */
export const resultStatus = pgTable(
  'result_status',
  {
    sourceId: integer('source_id')
      .notNull()
      .references(() => drawSources.id, { onDelete: 'cascade' }),
    drawDate: date('draw_date').notNull(),
    state: text('state', {
      enum: ['waiting', 'late', 'provisional', 'confirmed', 'conflict', 'manual', 'day_off'],
    }).notNull(),
    pick3: text('pick3'),
    pick4: text('pick4'),
    sources: text('sources').array().notNull().default(sql`'{}'`),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedPick3: text('decided_pick3'),
    decidedPick4: text('decided_pick4'),
    appliedVersion: integer('applied_version'),
    appliedCompanies: integer('applied_companies'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'result_status_pk', columns: [t.sourceId, t.drawDate] }),
    index('result_status_date_idx').on(t.drawDate, t.sourceId),
  ],
);

/** Late, conflict and failing-provider alerts: one open per subject. */
export const resultAlerts = pgTable(
  'result_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['late', 'conflict', 'provider_failing'] }).notNull(),
    subject: text('subject').notNull(),
    sourceId: integer('source_id').references(() => drawSources.id, { onDelete: 'cascade' }),
    providerCode: text('provider_code'),
    drawDate: date('draw_date'),
    message: text('message').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('result_alerts_open_uq').on(t.subject).where(sql`closed_at IS NULL`),
    index('result_alerts_date_idx').on(t.drawDate, t.sourceId),
  ],
);

/** Who runs a job (one poller for N servers) or decides a result now; an expired lease is free. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
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

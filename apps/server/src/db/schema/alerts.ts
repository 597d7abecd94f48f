import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './platform';

/**
 * Anomaly alerts (issue 22 §3, migration 0028): what the detectors found, once per dedupe key, and
 * what the company did with it (new → seen → closed with a note). Distributed by company_id.
 */
export const companyAlerts = pgTable(
  'company_alerts',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    severity: text('severity', { enum: ['low', 'medium', 'high'] }).notNull(),
    state: text('state', { enum: ['new', 'seen', 'closed'] })
      .notNull()
      .default('new'),
    /** What makes the anomaly one (e.g. `fiche:12:3`): the same anomaly found again is not raised again. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The agent concerned (a supervisor sees the alerts of the agents it watches); null: the company's. */
    agentId: bigint('agent_id', { mode: 'number' }),
    tirageId: bigint('tirage_id', { mode: 'number' }),
    drawDate: date('draw_date'),
    /** The tickets ({id, number, sale_date, status}) and the figures that show the anomaly. */
    evidence: jsonb('evidence').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: bigint('changed_by', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('company_alerts_dedupe_uq').on(t.companyId, t.kind, t.dedupeKey),
    index('company_alerts_company_created_idx').on(t.companyId, t.createdAt),
    index('company_alerts_company_new_idx').on(t.companyId, t.agentId).where(sql`${t.state} = 'new'`),
    check(
      'company_alerts_kind_check',
      sql`${t.kind} IN ('burst', 'after_draw', 'winning_voided', 'result_edited', 'foreign_payments', 'paid_far', 'daily_outlier')`,
    ),
    check('company_alerts_severity_check', sql`${t.severity} IN ('low', 'medium', 'high')`),
    check('company_alerts_state_check', sql`${t.state} IN ('new', 'seen', 'closed')`),
  ],
);

/** Per company and alert kind: on/off and thresholds (`params`, merged over contracts/alerts.ts defaults). */
export const alertSettings = pgTable(
  'alert_settings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

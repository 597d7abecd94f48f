import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './platform';

/**
 * The company's automatic limit rules (issue 22 §2, migration 0029), one row per company; no row = every
 * rule off. Applied inside the sale (functions/borlette_rules.sql). Centimes and basis points.
 */
export const riskRules = pgTable(
  'risk_rules',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id),
    shareOn: boolean('share_on').notNull().default(false),
    shareBp: integer('share_bp').notNull().default(1000),
    shareFloor: bigint('share_floor', { mode: 'number' }).notNull().default(0),
    shareGames: text('share_games').array().notNull().default(sql`'{bolet}'`),
    lateOn: boolean('late_on').notNull().default(false),
    lateMinutes: integer('late_minutes').notNull().default(15),
    lateFactorBp: integer('late_factor_bp'),
    lateAmount: bigint('late_amount', { mode: 'number' }),
    dateOn: boolean('date_on').notNull().default(false),
    dateBlock: boolean('date_block').notNull().default(false),
    dateAmount: bigint('date_amount', { mode: 'number' }),
    digitOn: boolean('digit_on').notNull().default(false),
    digitBlock: boolean('digit_block').notNull().default(false),
    digitAmount: bigint('digit_amount', { mode: 'number' }),
    digits: text('digits').notNull().default(''),
    pairBalls: text('pair_balls').array().notNull().default(sql`'{}'`),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('risk_rules_share_chk', sql`share_bp BETWEEN 1 AND 10000 AND share_floor >= 0`),
    check(
      'risk_rules_late_chk',
      sql`late_minutes BETWEEN 1 AND 720 AND (late_factor_bp IS NULL OR late_factor_bp BETWEEN 0 AND 10000) AND (late_amount IS NULL OR late_amount >= 0) AND (NOT late_on OR (late_factor_bp IS NULL) <> (late_amount IS NULL))`,
    ),
    check('risk_rules_date_chk', sql`NOT date_on OR date_block OR date_amount >= 0`),
    check('risk_rules_digit_chk', sql`(NOT digit_on OR digit_block OR digit_amount >= 0) AND digits ~ '^[0-9]*$'`),
  ],
);

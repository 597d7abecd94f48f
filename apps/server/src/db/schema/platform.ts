import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Countries where companies operate (ISO 3166-1 alpha-2 name_code). Platform data, no tenant. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nameCode: text('name_code').notNull().unique(),
  name: text('name').notNull(),
  /** An emoji flag or the path of an uploaded image. */
  flag: text('flag'),
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_country_name_uq').on(t.countryId, t.name)],
);

/** The tenant. Every tenant table carries company_id and leads its indexes with it. */
export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refCode: text('ref_code').notNull().unique(),
    name: text('name').notNull(),
    logo: text('logo'),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** Optional, one of the country's cities (migration 0002_platform). */
    cityId: integer('city_id').references(() => cities.id),
    timezone: text('timezone').notNull().default('America/Port-au-Prince'),
    currency: text('currency').notNull().default('HTG'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_country_idx').on(t.countryId)],
);

/** Messages sent from the public contact page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** Issue 16: marked handled by platform staff in the contact inbox. */
    handled: boolean('handled').notNull().default(false),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_handled_idx').on(t.handled, t.createdAt.desc())],
);

/** A sub-branch of a company; agents belong to one. Issue 3 gives it its screens. */
export const surcussales = pgTable(
  'surcussales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    cityId: integer('city_id').references(() => cities.id),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('surcussales_company_name_uq').on(t.companyId, t.name),
    index('surcussales_company_status_idx').on(t.companyId, t.status),
  ],
);

/** A company's business settings; defaults are those of docs/domain.md. Money in centimes, rates in basis points. */
export const companySettings = pgTable('company_settings', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  commissionBp: integer('commission_bp').notNull().default(1000),
  cancelWindowMinutes: integer('cancel_window_minutes').notNull().default(10),
  salesCloseMinutes: integer('sales_close_minutes').notNull().default(5),
  payoutValidityDays: integer('payout_validity_days').notNull().default(90),
  freeMariageAmount: bigint('free_mariage_amount', { mode: 'number' }).notNull().default(100000),
  boletCumulative: boolean('bolet_cumulative').notNull().default(true),
  billingGraceDays: integer('billing_grace_days').notNull().default(15),
  /** What one ticket may be (issue 15), under the platform ceilings of contracts/company-settings.ts. */
  ticketMaxLines: integer('ticket_max_lines').notNull().default(100),
  ticketMaxDraws: integer('ticket_max_draws').notNull().default(20),
  lineMaxStake: bigint('line_max_stake', { mode: 'number' }).notNull().default(10_000_000),
  ticketMaxPayout: bigint('ticket_max_payout', { mode: 'number' }).notNull().default(10_000_000_000),
  /** Whether an agent may pay a ticket of another sub-branch (with the receipt's proof). */
  agentsPayOtherBranches: boolean('agents_pay_other_branches').notNull().default(true),
  /** Issue 20: unknown devices wait for approval before selling or paying. */
  terminalApproval: boolean('terminal_approval').notNull().default(false),
  /** Issue 20: the POS asks the browser's location at sale (with consent) and stores it with the ticket. */
  saleLocation: boolean('sale_location').notNull().default(false),
  /** Agents' credit defaults (migration 0023): ceiling on what an agent owes (null: none) and the mode. */
  creditLimit: bigint('credit_limit', { mode: 'number' }),
  creditMode: text('credit_mode', { enum: ['ceiling', 'prepaid'] })
    .notNull()
    .default('ceiling'),
  /**
   * Issue 22 §1: the live board's colour thresholds, percent of the limit used (migration 0030, with a
   * CHECK 1..100 and warn < hot): « à surveiller » from warn, « chaud » from hot (also the POS's hot numbers).
   */
  exposureWarnPct: integer('exposure_warn_pct').notNull().default(70),
  exposureHotPct: integer('exposure_hot_pct').notNull().default(90),
  /**
   * The platform's price per active agent and per month, by tier of the number of active agents
   * (minor units of the platform's currency): docs/domain.md's ladder 1-9 10, 10-19 9, 20-29 8, 30-49 7, 50+ 6.
   */
  billingPrices: jsonb('billing_prices')
    .notNull()
    .default(
      sql`'[{"min":1,"price":1000},{"min":10,"price":900},{"min":20,"price":800},{"min":30,"price":700},{"min":50,"price":600}]'::jsonb`,
    ),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Uploaded images (logos, photos, flags, message images), resized, kept in the database so that
 *  backups and N instances need nothing else. Served at /uploads/<id>.webp. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: bigint('company_id', { mode: 'number' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_company_idx').on(t.companyId)],
);

/** Push messages to agents. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    image: text('image'),
    audience: text('audience', { enum: ['all', 'surcussale', 'agents'] }).notNull(),
    surcussaleId: bigint('surcussale_id', { mode: 'number' }).references(() => surcussales.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_company_starts_idx').on(t.companyId, t.startsAt)],
);

export const messageAgents = pgTable(
  'message_agents',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.messageId, t.agentId] })],
);

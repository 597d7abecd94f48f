import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    timezone: text('timezone').notNull().default('America/Port-au-Prince'),
    currency: text('currency').notNull().default('HTG'),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_country_idx').on(t.countryId)],
);

/** Messages sent from the public contact page. */
export const contactMessages = pgTable('contact_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  subject: text('subject'),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

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
  (t) => [uniqueIndex('surcussales_company_name_uq').on(t.companyId, t.name)],
);

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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, surcussales } from './platform';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for platform staff (superuser role); required for every other role. */
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id),
    /** Agents: the sub-branch they sell for. */
    surcussaleId: bigint('surcussale_id', { mode: 'number' }).references(() => surcussales.id),
    role: text('role', { enum: ['superuser', 'company', 'supervisor', 'agent'] }).notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    photo: text('photo'),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    address: text('address'),
    /** Agents: their supervisor (optional). */
    supervisorId: bigint('supervisor_id', { mode: 'number' }),
    /** Agents: commission rate in basis points; null = the company's default. */
    commissionBp: integer('commission_bp'),
    /** Agents: ceiling on what it owes (centimes); null = the company's default (migration 0023). */
    creditLimit: bigint('credit_limit', { mode: 'number' }),
    /** Agents: ceiling | prepaid (sells only against money deposited first); null = the company's. */
    creditMode: text('credit_mode', { enum: ['ceiling', 'prepaid'] }),
    /** Agents: may cancel their own tickets within the company's window. */
    canCancel: boolean('can_cancel').notNull().default(true),
    /** archived = removed from lists and sign-in, kept for the history. */
    status: text('status', { enum: ['active', 'blocked', 'archived'] })
      .notNull()
      .default('active'),
    /** True: holds every permission of its role's defaults (company owner, root superuser). */
    fullAccess: boolean('full_access').notNull().default(false),
    /** Superuser's company selection: a ref_code, or 'all'. */
    selectCompany: text('select_company'),
    /** Superuser's country filter: a name_code, or null for all countries. */
    selectCountryCode: text('select_country_code'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One sign-in name across the platform, case-insensitive: login is by username alone.
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_company_role_idx').on(t.companyId, t.role, t.status),
    index('users_company_surcussale_idx').on(t.companyId, t.surcussaleId),
    check(
      'users_company_required',
      sql`(${t.role} = 'superuser' AND ${t.companyId} IS NULL) OR (${t.role} <> 'superuser' AND ${t.companyId} IS NOT NULL)`,
    ),
  ],
);

/** Explicit grants, for users without full access (generals, supervisors). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codename: text('codename').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codename] })],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The agent's device (issue 20); null for web sign-ins. No foreign key: terminals are distributed. */
    terminalId: bigint('terminal_id', { mode: 'number' }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_terminal_idx').on(t.terminalId).where(sql`${t.terminalId} IS NOT NULL`),
  ],
);

/**
 * The devices agents sell from (issue 20, migration 0022): one row per (device, agent), so approval
 * binds an agent to a device. `device_id` is the random id the POS keeps in localStorage.
 */
export const terminals = pgTable(
  'terminals',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    deviceId: text('device_id').notNull(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    userAgent: text('user_agent'),
    posVersion: text('pos_version'),
    state: text('state', { enum: ['pending', 'approved', 'revoked'] }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastIp: text('last_ip'),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('terminals_company_device_agent').on(t.companyId, t.deviceId, t.agentId),
    index('terminals_company_agent_idx').on(t.companyId, t.agentId),
    check('terminals_state_check', sql`${t.state} IN ('pending', 'approved', 'revoked')`),
  ],
);

/**
 * Sign-in attempts, for throttling; kept in the database so N instances share them. A row is reserved
 * before the password is checked (`success` null), then marked (migration 0010, borlette_login_reserve).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().default('login'),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_at_idx').on(t.username, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
    check('login_attempts_kind_check', sql`${t.kind} IN ('login', 'current_password')`),
  ],
);

/** Who did what, when, from where. Append-only: no code updates or deletes a row. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    companyId: bigint('company_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    role: text('role'),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_company_at_idx').on(t.companyId, t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    // Traceability screens: one company's entries by the actor's role, newest first.
    index('audit_log_company_role_at_idx').on(t.companyId, t.role, t.at),
    // The superuser's traceability across all companies (« Toutes »): by role, newest first.
    index('audit_log_role_at_idx').on(t.role, t.at),
    // The history of one record (a ticket's events in its detail drawer).
    index('audit_log_company_entity_idx').on(t.companyId, t.entity, t.entityId),
  ],
);

/** The sub-branches a supervisor watches. */
export const supervisorSurcussales = pgTable(
  'supervisor_surcussales',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    supervisorId: bigint('supervisor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surcussaleId: bigint('surcussale_id', { mode: 'number' })
      .notNull()
      .references(() => surcussales.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.supervisorId, t.surcussaleId] }),
    index('supervisor_surcussales_surcussale_idx').on(t.companyId, t.surcussaleId),
  ],
);

/** Maximum amount of one ticket: company-wide (agent null) or for one agent. Centimes. */
export const limiteFiches = pgTable(
  'limite_fiches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    agentId: bigint('agent_id', { mode: 'number' }).references(() => users.id),
    maxAmount: bigint('max_amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['active', 'blocked'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('limite_fiches_company_agent_uq').on(t.companyId, sql`coalesce(${t.agentId}, 0)`)],
);

/**
 * A supervisor's commission rate by business day (migration 0032): the rate in force on a day is the
 * row with the latest valid_from on or before it ('-infinity' for its first rate). Written by the
 * trigger supervisor_rates_track from users.commission_bp.
 */
export const supervisorRates = pgTable(
  'supervisor_rates',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    supervisorId: bigint('supervisor_id', { mode: 'number' }).notNull(),
    validFrom: date('valid_from').notNull(),
    commissionBp: integer('commission_bp'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.supervisorId, t.validFrom] })],
);

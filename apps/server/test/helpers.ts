import { randomBytes } from 'node:crypto';
import type { Codename, Role } from '@borlette/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { describe, expect, inject } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { prepareDatabase } from '../src/db/setup';
import { hashPassword } from '../src/lib/password';
import { postgresTemplate, preparedPglite } from './harness/prepared-database';
import { DEFAULT_TEST_DATABASE_URL } from './postgres-global-setup';

export const ENGINE = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** `describe` that runs on the engine of the project; the PostgreSQL project skips only outside CI. */
export const describeApi: typeof describe =
  ENGINE === 'postgres' && !safeInject() ? (describe.skip as typeof describe) : describe;

function safeInject(): boolean {
  try {
    return inject('postgresAvailable');
  } catch {
    return false;
  }
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards.
 * `empty`: no migration at all (the upgrade test builds an older schema itself).
 */
export async function createTestDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  if (ENGINE === 'pglite') {
    const database = opts.empty ? await openPglite() : await preparedPglite();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const template = opts.empty ? null : await postgresTemplate(adminUrl);
  const name = `borlette_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 5 });
  // A copy of the template: the runner finds nothing to apply, and says so cheaply.
  if (!opts.empty) await prepareDatabase(database, { demo: false });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close: () => Promise<void>;
}

export async function createTestApp(): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const PASSWORD = 'secret-pass-123';
let passwordHash: Promise<string> | undefined;

let seq = 0;
export const unique = (prefix: string) => `${prefix}_${process.pid}_${++seq}_${randomBytes(2).toString('hex')}`;

export async function createCompany(database: Database, opts: { name?: string; country?: string } = {}) {
  const ref = unique('C').toUpperCase();
  const [row] = await database.raw.query<{ id: number; ref_code: string }>(
    `INSERT INTO companies (ref_code, name, country_id)
     SELECT $1, $2, id FROM countries WHERE name_code = $3 RETURNING id, ref_code`,
    [ref, opts.name ?? `Compagnie ${ref}`, opts.country ?? 'HT'],
  );
  await database.raw.query('SELECT borlette_init_company($1)', [row.id]);
  return row;
}

export async function createUser(
  database: Database,
  opts: {
    role: Role;
    companyId?: number;
    permissions?: Codename[];
    fullAccess?: boolean;
    username?: string;
    status?: string;
  },
) {
  passwordHash ??= hashPassword(PASSWORD);
  const username = opts.username ?? unique(opts.role);
  const [row] = await database.raw.query<{ id: number }>(
    `INSERT INTO users (username, role, first_name, last_name, company_id, full_access, password_hash, status)
     VALUES ($1, $2, 'Prénom', 'Nom', $3, $4, $5, $6) RETURNING id`,
    [
      username,
      opts.role,
      opts.companyId ?? null,
      opts.fullAccess ?? false,
      await passwordHash,
      opts.status ?? 'active',
    ],
  );
  for (const c of opts.permissions ?? []) {
    await database.raw.query('INSERT INTO user_permissions (user_id, codename) VALUES ($1, $2)', [row.id, c]);
  }
  return { id: row.id, username };
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD, remember = false) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { username, password, remember },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username} -> ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; role: Role; expiresAt: string; user: Record<string, unknown> };
}

export const auth = (token: string, scheme: 'Token' | 'Bearer' = 'Token') => ({ authorization: `${scheme} ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One API request with a user's token (the JSON body, if any, as `payload`). */
export function callAs(
  t: TestContext,
  method: Method,
  url: string,
  token: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: auth(token), payload });
}

export type UserOptions = Parameters<typeof createUser>[1];

/** A new user, logged in: its id, username and token, and `call` to make requests as that user. */
export async function asUser(t: TestContext, opts: UserOptions) {
  const user = await createUser(t.database, opts);
  const token = (await login(t.app, user.username)).accessToken;
  return {
    ...user,
    token,
    call: (method: Method, url: string, body?: object) => callAs(t, method, url, token, body),
  };
}

/** GET /api/companies/<path> with the query's defined values; expects 200 and answers the JSON. */
export async function getCompanies(
  app: FastifyInstance,
  token: string,
  path: string,
  q: Record<string, string | number | undefined>,
) {
  const qs = new URLSearchParams(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const res = await app.inject({ url: `/api/companies/${path}?${qs}`, headers: auth(token) });
  expect(res.statusCode, `${path}?${qs}: ${res.body}`).toBe(200);
  return res.json();
}

/** Every error body: a French message a person can read. */
export function expectErrorBody(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  const body = res.json();
  if (typeof body.message !== 'string' || body.message.length < 3) throw new Error(`no message in ${res.body}`);
  return body as { statusCode: number; code: string; message: string; fields?: Record<string, string> };
}

import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one typed client the services use, whatever the engine underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** A raw statement runner for migrations and hot paths (one round trip, no ORM). */
export interface RawClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements separated by `;`, no parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: DbKind;
  db: Db;
  raw: RawClient;
  /** Run `fn` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (raw: RawClient) => Promise<T>): Promise<T>;
  /** Run `fn` holding a database-wide lock (migrations, seeding): one instance at a time. */
  withLock<T>(key: number, fn: (raw: RawClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// int8 (bigint: ids, money in minor units) as JS numbers: exact up to 2^53, far above any amount here.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** Closing twice (shutdown signal + test teardown) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

export async function openPostgres(url: string, opts: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on('error', () => {
    /* an idle client lost its connection: the pool replaces it; requests report their own errors */
  });
  const raw: RawClient = {
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    async exec(text) {
      await pool.query(text);
    },
  };
  return {
    kind: 'postgres',
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    raw,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: RawClient = {
          async query(text, params) {
            return (await client.query(text, params as unknown[])).rows;
          },
          async exec(text) {
            await client.query(text);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        const locked: RawClient = {
          async query(text, params) {
            return (await client.query(text, params as unknown[])).rows;
          },
          async exec(text) {
            await client.query(text);
          },
        };
        return await fn(locked);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
        client.release();
      }
    },
    close: once(() => pool.end()),
  };
}

/** Embedded PostgreSQL (WASM). `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const raw: RawClient = {
    async query(text, params) {
      return (await client.query(text, params as unknown[])).rows as never[];
    },
    async exec(text) {
      await client.exec(text);
    },
  };
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    raw,
    // PGlite's own transaction holds its lock: no other request's statement runs in between.
    transaction: (fn) =>
      client.transaction((t) =>
        fn({
          async query(text, params) {
            return (await t.query(text, params as unknown[])).rows as never[];
          },
          async exec(text) {
            await t.exec(text);
          },
        }),
      ),
    // One process owns a PGlite folder; there is no other instance to exclude.
    withLock: (_key, fn) => fn(raw),
    close: once(() => client.close()),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

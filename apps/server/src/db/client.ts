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
  /**
   * `name`: a prepared statement, parsed and planned once per connection (hot paths: the session,
   * the sale). Only for a fixed text; PGlite ignores it.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
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

/** An error PostgreSQL answered for a statement (SQLSTATE, not a connection class): the connection is fine. */
function isStatementError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57');
}

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
  /**
   * Runs one statement on a pooled connection. Not pool.query(): that destroys the connection on ANY
   * error, and every refused sale (a business error raised in SQL) would then cost a new backend, its
   * plpgsql compilation and plans — measured: 15 new connections a second and a third of the sales.
   * A statement's error leaves an autocommit connection clean; only a broken connection is dropped.
   */
  async function onPooled<T>(run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      const result = await run(client);
      client.release();
      return result;
    } catch (err) {
      client.release(isStatementError(err) ? undefined : (err as Error));
      throw err;
    }
  }
  const raw: RawClient = {
    query: (text, params, name) =>
      onPooled(async (c) => (await c.query({ text, values: params as unknown[], name })).rows),
    exec: (text) => onPooled(async (c) => void (await c.query(text))),
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

export async function openDatabase(opts: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { max: opts.databasePoolSize });
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

import { toCentimes } from '@borlette/shared/contracts/money';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { parseJsonExact } from '../lib/exact-json';

export type DbKind = 'pglite' | 'postgres';
/** What stands between the server and PostgreSQL (config.ts DATABASE_POOLER). */
export type Pooler = 'none' | 'transaction';

/**
 * The statement runner of both engines. Services build statements with `sql` and read typed rows with
 * `rows`/`firstRow`/`oneRow` (db/sql.ts); migrations and the engine's prepared statements use it directly.
 */
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
  raw: RawClient;
  /** Run `fn` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (raw: RawClient) => Promise<T>): Promise<T>;
  /** Run `fn` holding a database-wide lock (migrations, seeding): one instance at a time. */
  withLock<T>(key: number, fn: (raw: RawClient) => Promise<T>): Promise<T>;
  /** Embedded only: a consistent copy of the whole database (gzip tar of its folder), taken while it runs. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

// int8 (ids, money in centimes): a JS number while exact, a bigint past 2^53 — never a rounded number
// (contracts/money.ts); PGlite does the same by itself. json/jsonb keep such integers exact too.
pg.types.setTypeParser(20, (v) => (v.length < 16 ? Number(v) : toCentimes(v)));
pg.types.setTypeParser(114, parseJsonExact);
pg.types.setTypeParser(3802, parseJsonExact);
const PGLITE_PARSERS = { 114: parseJsonExact, 3802: parseJsonExact };

/** An error PostgreSQL answered for a statement (SQLSTATE, not a connection class): the connection is fine. */
function isStatementError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08') && !code.startsWith('57');
}

const NESTED: Record<string, (n: number) => string> = {
  BEGIN: (n) => `SAVEPOINT nested_${n}`,
  COMMIT: (n) => `RELEASE SAVEPOINT nested_${n}`,
  ROLLBACK: (n) => `ROLLBACK TO SAVEPOINT nested_${n}`,
};

/**
 * `fn` in ONE transaction holding a transaction-level advisory lock: what `withLock` is behind PgBouncer
 * in transaction mode, where a session lock would outlive the caller on a server connection others use,
 * and the statements of a session could land on different server connections. The BEGIN / COMMIT /
 * ROLLBACK that `fn` sends itself (migrate.ts, one per migration; the demo seed) become savepoints:
 * everything commits at the end, or nothing.
 */
async function inOneTransaction<T>(client: pg.Client, key: number, fn: (raw: RawClient) => Promise<T>): Promise<T> {
  let depth = 0;
  const run = async (text: string, params?: unknown[]) => {
    const word = params?.length ? undefined : text.trim().replace(/;$/, '').toUpperCase();
    const nested = word ? NESTED[word] : undefined;
    if (!nested) return (await client.query(text, params)).rows;
    if (word === 'BEGIN') depth++;
    const result = (await client.query(nested(depth))).rows;
    if (word !== 'BEGIN') depth--;
    return result;
  };
  const raw: RawClient = {
    query: async (text, params) => (await run(text, params)) as never[],
    exec: async (text) => void (await run(text)),
  };
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [key]);
    const result = await fn(raw);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** Closing twice (shutdown signal + test teardown) is harmless. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= fn();
    return done;
  };
}

/** Waiting longer than this for a connection (new, or a free one of the pool) answers 503 rather than hanging. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

export async function openPostgres(
  url: string,
  opts: {
    max?: number;
    connectionTimeoutMillis?: number;
    /**
     * A statement PostgreSQL has not answered after this long fails (503) and its connection is
     * dropped: a network gone dark under a query would otherwise hold the request until TCP gives up
     * (a quarter of an hour). None by default: the server sets it (DATABASE_QUERY_TIMEOUT_SECONDS).
     * `withLock` (migrations, seeding) runs without it: an upgrade may build an index on a large table,
     * and an instance starting beside another waits for its migrations, for longer than any request.
     */
    queryTimeoutMillis?: number;
    /** 'transaction': behind PgBouncer in transaction mode (config.ts DATABASE_POOLER; db/pooler.ts). */
    pooler?: Pooler;
  } = {},
): Promise<Database> {
  const pooled = opts.pooler === 'transaction';
  const connection = {
    connectionString: url,
    // A database that does not answer (down, network cut) fails the request (503) instead of holding it.
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // Dead peers (a restarted server, a cut network) are noticed by the kernel, not only at the next query.
    keepAlive: true,
    // No JIT: short OLTP statements pay its compilation and never win it back. Found by the fuzz: the
    // invoices refresh (GET /api/generals/facturations) spent 6 s compiling for a few ms of work.
    // PgBouncer refuses this startup parameter: behind it, jit = off is the database's setting (README).
    ...(pooled ? {} : { options: '-c jit=off' }),
  };
  const pool = new pg.Pool({
    ...connection,
    max: opts.max ?? 10,
    query_timeout: opts.queryTimeoutMillis || undefined,
  });
  pool.on('error', () => {
    /* an idle client lost its connection: the pool drops it and opens another when needed */
  });
  // A client checked out of the pool has no error listener of the pool's: a connection lost between two
  // statements (a transaction awaiting something else, a server restart) would emit 'error' with no
  // listener and end the process. The client's own queries still fail; release() then drops it.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  /** A client whose connection broke is destroyed on release, never handed to the next request. */
  const release = (client: pg.PoolClient, err?: unknown) =>
    client.release(err === undefined || isStatementError(err) ? undefined : (err as Error));
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
      release(client);
      return result;
    } catch (err) {
      release(client, err);
      throw err;
    }
  }
  const raw: RawClient = {
    // Behind PgBouncer in transaction mode, a statement prepared on one server connection is unknown
    // to the next: the statements go unnamed (parsed on each call).
    query: (text, params, name) =>
      onPooled(
        async (c) => (await c.query({ text, values: params as unknown[], name: pooled ? undefined : name })).rows,
      ),
    exec: (text) => onPooled(async (c) => void (await c.query(text))),
  };
  const onClient = (client: pg.ClientBase): RawClient => ({
    async query(text, params) {
      return (await client.query(text, params as unknown[])).rows;
    },
    async exec(text) {
      await client.query(text);
    },
  });
  return {
    kind: 'postgres',
    raw,
    async transaction(fn) {
      const client = await pool.connect();
      // Set when the connection's state is unknown (ROLLBACK failed): it is destroyed, not pooled.
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => {
          broken = e;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    // A connection of its own, outside the pool and its statement timeout (see queryTimeoutMillis),
    // closed afterwards: the session lock goes with it, whatever fn left behind. Behind PgBouncer in
    // transaction mode a session lock would stay on a server connection others then use: fn runs in
    // one transaction holding a transaction-level lock instead (db/pooler.ts).
    async withLock(key, fn) {
      const client = new pg.Client(connection);
      client.on('error', () => {});
      await client.connect();
      try {
        if (pooled) return await inOneTransaction(client, key, fn);
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        return await fn(onClient(client));
      } finally {
        await client.end().catch(() => {});
      }
    },
    close: once(() => pool.end()),
  };
}

/**
 * PGlite runs each statement synchronously in this process, and its queue starts the next statement
 * from a promise callback: ten requests' statements would run back to back and hold the event loop
 * until all are done (a health check waited for the whole batch). Each statement first lets the
 * event loop turn once, so other requests' I/O is served between statements (issue 15).
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined = in memory (tests). `loadDataDir`: start from a
 * dumped data folder (dumpDataDir) instead of an empty one (the tests' prepared-database cache).
 */
export async function openPglite(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  const client = new PGlite({ dataDir, parsers: PGLITE_PARSERS, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const raw: RawClient = {
    async query(text, params) {
      await turn();
      return (await client.query(text, params as unknown[])).rows as never[];
    },
    async exec(text) {
      await turn();
      await client.exec(text);
    },
  };
  return {
    kind: 'pglite',
    raw,
    // PGlite's own transaction holds its lock: no other request's statement runs in between.
    transaction: (fn) =>
      client.transaction((t) =>
        fn({
          async query(text, params) {
            await turn();
            return (await t.query(text, params as unknown[])).rows as never[];
          },
          async exec(text) {
            await turn();
            await t.exec(text);
          },
        }),
      ),
    // One process owns a PGlite folder; there is no other instance to exclude.
    withLock: (_key, fn) => fn(raw),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: once(() => client.close()),
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  databasePoolSize?: number;
  /** PostgreSQL only (PGlite runs in the process): see openPostgres. */
  databaseQueryTimeoutMs?: number;
  databasePooler?: Pooler;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return openPostgres(opts.databaseUrl, {
      max: opts.databasePoolSize,
      queryTimeoutMillis: opts.databaseQueryTimeoutMs,
      pooler: opts.databasePooler,
    });
  }
  const { mkdir } = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = path.join(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/setup';

/**
 * The real server in its own process (`node --import tsx apps/server/src/main.ts`), on a scratch
 * database of either engine, and a small HTTP client: the ops tests and scripts/crash-test.mjs kill,
 * restart and stop it like an operator would.
 */

export const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export type Engine = 'pglite' | 'postgres';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/* ---------------- scratch databases ---------------- */

export interface ScratchDatabase {
  engine: Engine;
  /** PostgreSQL: the scratch database's URL. */
  url?: string;
  /** PGlite: the DATA_DIR given to the server (the database is DATA_DIR/pglite). */
  dataDir?: string;
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** Opens the database directly (the server must be stopped for PGlite: one process owns the folder). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/** A new, migrated database: a PostgreSQL database created on ADMIN_URL's server, or a temp DATA_DIR. */
export async function createScratchDatabase(engine: Engine, label = 'ops'): Promise<ScratchDatabase> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), `borlette-${label}-`));
    const scratch: ScratchDatabase = {
      engine,
      dataDir,
      env: { DATABASE_URL: '', DATA_DIR: dataDir },
      open: () => openPglite(path.join(dataDir, 'pglite')),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
    const db = await scratch.open();
    try {
      await prepareDatabase(db, { demo: false });
    } finally {
      await db.close();
    }
    return scratch;
  }
  const name = `borlette_${label}_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const scratch: ScratchDatabase = {
    engine,
    url: url.toString(),
    env: { DATABASE_URL: url.toString() },
    open: () => openPostgres(url.toString(), { max: 4 }),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
  const db = await scratch.open();
  try {
    await prepareDatabase(db, { demo: false });
  } finally {
    await db.close();
  }
  return scratch;
}

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * PostgreSQL: waits until no other session works in the scratch database. When the application server
 * is killed, its backends live on until they notice their client is gone (a running statement runs to
 * its end, then fails to answer and rolls back): checks must not race them.
 */
export async function settleBackends(url: string, timeoutMs = 15_000) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [{ n }] = (
        await c.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        )
      ).rows;
      if (n === 0) return;
      if (Date.now() > until) throw new Error(`${n} session(s) still open on the scratch database`);
      await sleep(50);
    }
  } finally {
    await c.end();
  }
}

/* ---------------- the server process ---------------- */

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Output of the process (stdout + stderr), for failure messages. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts the server and resolves once it listens (its « prêt » line gives the port). */
export async function startServer(
  env: Record<string, string>,
  opts: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      BILLING_AUTO_INVOICES: '0',
      DATABASE_POOL_SIZE: '8',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const look = () => {
      const m = /Borlette est prêt : http:\/\/[\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', look);
        resolve(Number(m[1]));
      }
    };
    child.stdout?.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up (code ${code}, signal ${signal}):\n${out}`));
    });
  });
  return {
    child,
    port,
    output: () => out,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`). */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) {
  server.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    server.exited,
    new Promise<null>((r) => {
      timer = setTimeout(() => r(null), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome) return outcome;
  server.kill('SIGKILL');
  await server.exited;
  throw new Error(`server did not stop within ${timeoutMs} ms after ${signal}`);
}

/* ---------------- HTTP ---------------- */

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** One request; rejects on a network error (refused, reset, timeout): the outcome is then unknown. */
export function request(
  port: number,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; agent?: http.Agent; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: opts.agent ?? false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(opts.token ? { authorization: `Token ${opts.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body, text, headers: res.headers });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export async function login(port: number, username: string, password: string): Promise<string> {
  const r = await request(port, 'POST', '/api/user/auth/login', { body: { username, password, remember: true } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${r.text}`);
  return (r.body as { accessToken: string }).accessToken;
}

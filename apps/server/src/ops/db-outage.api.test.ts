import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellingCompany } from '../../test/engine-fixtures';
import { sleep } from '../../test/harness/server-process';
import { startTcpProxy, type TcpProxy } from '../../test/harness/tcp-proxy';
import { auth, createTestDatabase, describeApi, ENGINE, login } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase, openPostgres } from '../db/client';
import { isDatabaseUnavailable, registerErrorHandler } from '../http/errors';

/**
 * PostgreSQL going away for a few seconds. The shared server is never stopped: a TCP proxy sits
 * between the app and PostgreSQL and is cut (every connection closed, new ones refused), or turned into
 * a black hole (connections accepted, never answered), then restored. Requests must fail cleanly
 * (503 + a French message, quickly), /api/health stay 200 while /api/ready says 503, the process must
 * survive connections dying under the pool, and everything must work again by itself afterwards.
 */

const FRENCH = /indisponible|injoignable/i;
const CONNECT_TIMEOUT_MS = 1500;
/** The statement timeout of this test's pool (the server's: DATABASE_QUERY_TIMEOUT_SECONDS). */
const QUERY_TIMEOUT_MS = 2000;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t };
}

const describeOutage = ENGINE === 'postgres' ? describeApi : describe.skip;

describeOutage('PostgreSQL unreachable (through a TCP proxy that is cut, then restored)', () => {
  let base: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let tirageId: number;

  beforeAll(async () => {
    base = await createTestDatabase();
    const c = await sellingCompany(base.database, { agents: 1, tirages: 1 });
    tirageId = c.tirages[0].id;
    const url = new URL(base.url as string);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    database = await openPostgres(url.toString(), {
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      queryTimeoutMillis: QUERY_TIMEOUT_MS,
    });
    app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    await app.ready();
    token = (await login(app, c.agents[0].username)).accessToken;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await base?.drop();
  });

  const sale = (key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/agents/fiches',
      headers: auth(token),
      payload: { idempotency_key: key, tirages: [tirageId], lines: [{ code: 20, number: '12', stake: 1000 }] },
    });
  const ready = () => app.inject({ method: 'GET', url: '/api/ready' });

  async function untilReady(timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const r = await ready();
      if (r.statusCode === 200) return Date.now() - (until - timeoutMs);
      if (Date.now() > until) throw new Error(`not ready again after ${timeoutMs} ms: ${r.body}`);
      await sleep(100);
    }
  }

  /** Every connection of the pool works (a broken one handed out again would fail here), and so does a sale. */
  async function expectPoolHealthy() {
    const all = await Promise.all(Array.from({ length: 8 }, () => database.raw.query('SELECT 1 AS one')));
    expect(all.every((rows) => rows[0]?.one === 1)).toBe(true);
    expect((await sale(randomUUID())).statusCode).toBe(200);
  }

  function expectUnavailable(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(res.statusCode, res.body).toBe(503);
    const body = JSON.parse(res.body);
    expect(body.statusCode).toBe(503);
    expect(body.code).toBe('UNAVAILABLE');
    expect(body.message).toMatch(FRENCH);
    expect(res.headers['retry-after']).toBeDefined();
  }

  it('answers 503 in French while the database is cut, /api/health stays 200, and recovers by itself', async () => {
    expect((await sale(randomUUID())).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);
    expect(proxy.open()).toBeGreaterThan(0); // idle pooled connections, about to die

    await proxy.cut();
    await sleep(100); // the idle connections' errors reach the pool: the process must not crash

    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const r = await timed(ready);
    expect(r.value.statusCode).toBe(503);
    expect(JSON.parse(r.value.body).message).toMatch(FRENCH);
    expect(r.ms).toBeLessThan(3000);

    const key = randomUUID();
    const s = await timed(() => sale(key));
    expectUnavailable(s.value);
    expect(s.ms).toBeLessThan(3000);
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/agents/config', headers: auth(token) }));
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: 'personne', password: 'secret-pass-123', remember: false },
      }),
    );
    // Many at once: every one a clean 503, none a 500, none hanging.
    const many = await timed(() => Promise.all(Array.from({ length: 12 }, () => sale(randomUUID()))));
    for (const res of many.value) expectUnavailable(res);
    expect(many.ms).toBeLessThan(5000);

    await sleep(1500); // a few seconds without a database
    await proxy.restore();
    const back = await untilReady();
    expect(back).toBeLessThan(10_000);
    // The sale refused during the outage wrote nothing: its key now makes a new ticket.
    const again = await sale(key);
    expect(again.statusCode, again.body).toBe(200);
    expect(JSON.parse(again.body).replayed).toBe(false);
    const rows = await base.database.raw.query('SELECT 1 FROM fiches WHERE idempotency_key = $1', [key]);
    expect(rows).toHaveLength(1);
  }, 60_000);

  it('answers 503 within the connection timeout when the database accepts but never answers (no hang)', async () => {
    await untilReady();
    proxy.blackhole(); // pooled connections are dropped; new ones are accepted and left unanswered
    await sleep(100);
    const s = await timed(() => sale(randomUUID()));
    expectUnavailable(s.value);
    expect(s.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 2000);
    const r = await timed(ready);
    expect(r.value.statusCode).toBe(503);
    expect(r.ms).toBeLessThan(3000);
    await proxy.restore();
    await untilReady();
    expect((await sale(randomUUID())).statusCode).toBe(200);
  }, 60_000);

  it('answers 503 within the statement timeout when the network goes dark under a running query', async () => {
    await untilReady();
    // A statement on its way (the database answers in 300 ms), then the network goes silent: the
    // connections stay open and nothing comes back, the answer included.
    const running = timed(() =>
      database.raw.query('SELECT pg_sleep(0.3) AS slept').then(
        () => null,
        (e: unknown) => e,
      ),
    );
    await sleep(100);
    proxy.freeze();
    const { value: err, ms } = await running;
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + 2000);
    // A request meanwhile: a pooled connection that went silent, or a new one never answered — 503 either way.
    const s = await timed(() => sale(randomUUID()));
    expectUnavailable(s.value);
    expect(s.ms).toBeLessThan(QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2000);
    await proxy.restore();
    await untilReady();
    await expectPoolHealthy(); // the silent connections were dropped, never handed out again
  }, 60_000);

  it('puts the configured statement timeout on requests, not on migrations and seeding (withLock)', async () => {
    // As the server opens it (DATABASE_QUERY_TIMEOUT_SECONDS → openDatabase), straight to PostgreSQL.
    const db = await openDatabase({ databaseUrl: base.url, databaseQueryTimeoutMs: 300, dataDir: '/nonexistent' });
    try {
      const err = await db.raw.query('SELECT pg_sleep(0.6)').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      expect(isDatabaseUnavailable(err)).toBe(true);
      // An upgrade's long statement under the migrations' lock finishes.
      const rows = await db.withLock(4242, (raw) => raw.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(0.6)'));
      expect(rows).toEqual([{ ok: 1 }]);
      // The pool still answers after the dropped connection.
      expect(await db.raw.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    } finally {
      await db.close();
    }
  }, 30_000);

  it('survives a connection lost in the middle of a transaction, and does not reuse it', async () => {
    await untilReady();
    const inTx = database.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await proxy.cut(); // the checked-out connection dies while nothing runs on it
      await sleep(200);
      await tx.query('SELECT 1');
    });
    const err = await inTx.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(isDatabaseUnavailable(err)).toBe(true);
    await proxy.restore();
    await untilReady();
    await expectPoolHealthy();
  }, 60_000);
});

/** The mapping itself, on both projects: every shape a lost database takes is a 503, others are not. */
describe('database errors mapped to 503', () => {
  let app: FastifyInstance;
  const errors: Record<string, () => Error> = {
    refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    reset: () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    terminated: () => new Error('Connection terminated unexpectedly'),
    poolTimeout: () => new Error('timeout exceeded when trying to connect'),
    notQueryable: () => new Error('Client has encountered a connection error and is not queryable'),
    adminShutdown: () =>
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    starting: () => Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    tooMany: () => Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    connectionFailure: () => Object.assign(new Error('connection failure'), { code: '08006' }),
    aggregate: () =>
      new AggregateError(
        [Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })],
        'connect failed',
      ),
    wrapped: () =>
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
    pgliteClosed: () => new Error('PGlite is closed'),
    queryTimeout: () => new Error('Query read timeout'),
  };
  const notOutages: Record<string, { error: () => Error; status: number }> = {
    uniqueViolation: {
      error: () => Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      status: 500,
    },
    cancelled: {
      error: () => Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      status: 500,
    },
    bug: { error: () => new TypeError('x is undefined'), status: 500 },
  };

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandler(app);
    app.get<{ Params: { name: string } }>('/throw/:name', async (request) => {
      const make = errors[request.params.name] ?? notOutages[request.params.name]?.error;
      throw make();
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it.each(Object.keys(errors))('%s -> 503 with a French message and Retry-After', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${name}` });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', message: expect.stringMatching(FRENCH) });
    expect(res.headers['retry-after']).toBe('5');
  });

  it.each(Object.keys(notOutages))('%s is not an outage', async (name) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${name}` });
    expect(res.statusCode).toBe(notOutages[name].status);
    expect(res.json().message).toBe('Erreur interne du serveur.');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sellingCompany } from '../../test/engine-fixtures';
import { startPgbouncer } from '../../test/harness/pgbouncer';
import { auth, createTestDatabase, describeApi, ENGINE, login } from '../../test/helpers';
import { DEFAULT_TEST_DATABASE_URL } from '../../test/postgres-global-setup';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openPostgres } from './client';
import { prepareDatabase } from './setup';

/**
 * The server through a real PgBouncer in transaction mode (2 server connections shared by every
 * client): it starts PgBouncer itself, and fails when it cannot. Without DATABASE_POOLER=transaction
 * PgBouncer refuses the connection (the jit startup option); with it, two instances migrate at once,
 * and sales and sessions (named prepared statements on a direct connection) work.
 */
describeApi('through PgBouncer in transaction mode (DATABASE_POOLER=transaction)', () => {
  if (ENGINE !== 'postgres') {
    it.skip('PostgreSQL only', () => {});
    return;
  }
  let bouncer: Awaited<ReturnType<typeof startPgbouncer>>;
  let drop: () => Promise<void>;
  let url: string;
  let database: Database;
  beforeAll(async () => {
    const created = await createTestDatabase({ empty: true });
    drop = created.drop;
    await created.database.close();
    bouncer = await startPgbouncer(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
    url = bouncer.url(new URL(created.url as string).pathname.slice(1));
    database = await openPostgres(url, { max: 6, pooler: 'transaction' });
  });
  afterAll(async () => {
    await database?.close();
    bouncer?.stop();
    await drop?.();
  });

  it('is refused by PgBouncer without the switch (startup option)', async () => {
    const direct = await openPostgres(url, { max: 1 });
    try {
      await expect(direct.raw.query('SELECT 1')).rejects.toThrow(/unsupported startup parameter/);
    } finally {
      await direct.close();
    }
  });

  it('migrates from two instances at once, then sells and resolves sessions on shared server connections', async () => {
    const other = await openPostgres(url, { max: 2, pooler: 'transaction' });
    try {
      const both = await Promise.all([
        prepareDatabase(database, { demo: false }),
        prepareDatabase(other, { demo: false }),
      ]);
      expect(both.map((r) => r.applied.length).sort((a, b) => a - b)[0]).toBe(0);
    } finally {
      await other.close();
    }
    const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    try {
      const c = await sellingCompany(database, { agents: 1 });
      const token = (await login(app, c.agents[0].username)).accessToken;
      const ticket = (key: string) => ({
        idempotency_key: key,
        tirages: [c.tirages[0].id],
        lines: [{ code: 20, number: '12', stake: 100 }],
      });
      const keys = Array.from({ length: 12 }, () => randomUUID());
      // Twelve sales at once and each sent twice: every statement finds whichever server connection is free.
      const answers = await Promise.all(
        [...keys, ...keys].map((k) =>
          app.inject({ method: 'POST', url: '/api/agents/fiches', headers: auth(token), payload: ticket(k) }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const ids = new Set(answers.map((a) => a.json().id));
      expect(ids.size).toBe(keys.length);
      const [{ n }] = await database.raw.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM fiches WHERE company_id = $1',
        [c.company.id],
      );
      expect(n).toBe(keys.length);
    } finally {
      await app.close();
    }
  });
});

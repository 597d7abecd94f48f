import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeApi, ENGINE } from '../../test/helpers';
import { type Database, openPostgres } from './client';
import { LOCK_KEYS } from './lock-keys';
import { prepareDatabase } from './setup';

/**
 * DATABASE_POOLER=transaction (PgBouncer in transaction mode) on PostgreSQL itself: what the switch
 * changes is checked here; scripts/bench-cluster.mjs runs the whole server through a real PgBouncer.
 */
describeApi('DATABASE_POOLER=transaction (db/client.ts)', () => {
  if (ENGINE !== 'postgres') {
    it.skip('PostgreSQL only (PGlite has no pooler)', () => {});
    return;
  }
  let url: string;
  let drop: () => Promise<void>;
  let pooled: Database;
  beforeAll(async () => {
    const created = await createTestDatabase({ empty: true });
    url = created.url as string;
    drop = created.drop;
    await created.database.close();
    pooled = await openPostgres(url, { max: 1, pooler: 'transaction' });
  });
  afterAll(async () => {
    await pooled?.close();
    await drop?.();
  });

  it('migrates and seeds from two instances at once, in one transaction each, leaving no lock behind', async () => {
    const other = await openPostgres(url, { max: 1, pooler: 'transaction' });
    try {
      const [a, b] = await Promise.all([
        prepareDatabase(pooled, { demo: false }),
        prepareDatabase(other, { demo: false }),
      ]);
      // One of them migrated everything, the other found it done (the lock serialised them).
      expect([a.applied.length, b.applied.length].sort((x, y) => x - y)[0]).toBe(0);
      expect(Math.max(a.applied.length, b.applied.length)).toBeGreaterThan(10);
      const locks = await pooled.raw.query(`SELECT count(*)::int AS n FROM pg_locks
          WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      expect(locks).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });

  it('turns the BEGIN / COMMIT / ROLLBACK of a locked job into savepoints of its one transaction', async () => {
    const seen = await pooled.withLock(LOCK_KEYS.seed, async (raw) => {
      await raw.exec('BEGIN');
      await raw.exec('CREATE TABLE pooler_kept (x int)');
      await raw.exec('COMMIT');
      await raw.exec('BEGIN');
      await raw.exec('CREATE TABLE pooler_undone (x int)');
      await raw.exec('ROLLBACK');
      return raw.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND pid = pg_backend_pid()",
        [LOCK_KEYS.seed],
      );
    });
    expect(seen).toEqual([{ n: 1 }]);
    const tables = await pooled.raw.query(
      "SELECT array_agg(relname::text ORDER BY relname) AS t FROM pg_class WHERE relname LIKE 'pooler_%'",
    );
    expect(tables).toEqual([{ t: ['pooler_kept'] }]);
    // A failure inside undoes everything the job did, committed savepoints included.
    await expect(
      pooled.withLock(LOCK_KEYS.seed, async (raw) => {
        await raw.exec('BEGIN');
        await raw.exec('CREATE TABLE pooler_lost (x int)');
        await raw.exec('COMMIT');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await pooled.raw.query("SELECT to_regclass('pooler_lost') IS NULL AS gone")).toEqual([{ gone: true }]);
  });

  it('prepares no named statement and sends no startup option (PgBouncer refuses both)', async () => {
    await pooled.raw.query('SELECT 1 AS one', [], 'pooler_named');
    const rows = await pooled.raw.query(
      "SELECT (SELECT count(*)::int FROM pg_prepared_statements WHERE name = 'pooler_named') AS named, (SELECT source FROM pg_settings WHERE name = 'jit') = 'client' AS jit_option",
    );
    // On the same (only) connection; a direct connection shows the statement and jit set by the client.
    expect(rows).toEqual([{ named: 0, jit_option: false }]);
    const direct = await openPostgres(url, { max: 1 });
    try {
      await direct.raw.query('SELECT 1 AS one', [], 'pooler_named');
      expect(
        await direct.raw.query(
          "SELECT (SELECT count(*)::int FROM pg_prepared_statements WHERE name = 'pooler_named') AS named, (SELECT source FROM pg_settings WHERE name = 'jit') = 'client' AS jit_option",
        ),
      ).toEqual([{ named: 1, jit_option: true }]);
    } finally {
      await direct.close();
    }
  });
});

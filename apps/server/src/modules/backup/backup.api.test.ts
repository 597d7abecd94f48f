import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, describeApi, ENGINE, expectErrorBody } from '../../../test/helpers';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase, openPostgres, type RawClient } from '../../db/client';
import { prepareDatabase } from '../../db/setup';
import { backup, restore } from './backup.service';

/** Every table of the database, each as its row count and a hash of its rows. */
async function contents(raw: RawClient): Promise<Record<string, string>> {
  const tables = await raw.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await raw.query<{ n: number; h: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${name}" t`,
    );
    out[name] = `${r.n}:${r.h ?? ''}`;
  }
  return out;
}

async function demoLogin(database: Database) {
  const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { username: 'demo', password: 'demo1234' },
  });
  await app.close();
  return res.statusCode;
}

const work = mkdtempSync(path.join(tmpdir(), 'borlette-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describeApi('backup and restore', () => {
  it.skipIf(ENGINE !== 'pglite')(
    'embedded: backed up while the app serves, wiped, restored: the same data, and the app works on it',
    async () => {
      const dataDir = path.join(work, 'data');
      const database = await openDatabase({ dataDir });
      await prepareDatabase(database, { demo: true });
      const app = await buildApp({ database, config: testConfig({ dataDir, webDist: '/nonexistent' }) });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const conf = { dataDir, port, host: '127.0.0.1' };
      try {
        // Only with the token this server wrote under DATA_DIR.
        expectErrorBody(await app.inject({ url: '/api/ops/backup' }), 403);
        expectErrorBody(
          await app.inject({ url: '/api/ops/backup', headers: { 'x-backup-token': 'x'.repeat(64) } }),
          403,
        );

        const before = await contents(database.raw);
        expect(Number(before.fiches.split(':')[0])).toBeGreaterThan(0);
        // The app keeps answering while the copy is taken.
        const during = app.inject({ url: '/api/ready' });
        const file = path.join(work, 'online.tar.gz');
        const r = await backup(conf, file);
        expect(r.via).toBe('running-server');
        expect(r.bytes).toBeGreaterThan(100_000);
        expect((await during).statusCode).toBe(200);

        // Written after the backup: not in it.
        await database.raw.query("UPDATE companies SET name = 'Après la sauvegarde'");
        expect(await contents(database.raw)).not.toEqual(before);

        await expect(restore(conf, file)).rejects.toThrow(/arrêtez l’application/);
        await app.close();
        await database.close();

        // Wipe, restore, compare.
        rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
        expect((await restore(conf, file)).keptAside).toBeNull();
        const restored = await openDatabase({ dataDir });
        let afterLogin: Record<string, string>;
        try {
          expect(await contents(restored.raw)).toEqual(before);
          expect(await demoLogin(restored)).toBe(200);
          afterLogin = await contents(restored.raw);
        } finally {
          await restored.close();
        }

        // With the app stopped, the backup reads the folder; a restore over a database keeps it aside.
        const offline = await backup(conf, path.join(work, 'offline.tar.gz'));
        expect(offline.via).toBe('folder');
        const { keptAside } = await restore(conf, offline.file);
        expect(keptAside && existsSync(keptAside)).toBe(true);
        const again = await openDatabase({ dataDir });
        try {
          expect(await contents(again.raw)).toEqual(afterLogin);
        } finally {
          await again.close();
        }
      } finally {
        if (app.server.listening) await app.close();
        await database.close();
      }
    },
    120_000,
  );

  it.skipIf(ENGINE !== 'postgres')(
    'PostgreSQL: pg_dump while the app serves, schema wiped, pg_restore: the same data, and the app works on it',
    async () => {
      const { database, drop, url } = await createTestDatabase();
      try {
        await prepareDatabase(database, { demo: true });
        const conf = { dataDir: work, port: 1, host: '127.0.0.1', databaseUrl: url };
        const before = await contents(database.raw);
        const file = path.join(work, 'pg.dump');
        expect((await backup(conf, file)).via).toBe('pg_dump');
        await database.raw.query("UPDATE companies SET name = 'Après la sauvegarde'");

        await database.raw.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
        expect(await contents(database.raw)).toEqual({});
        await restore(conf, file);
        const restored = await openPostgres(url as string, { max: 2 });
        try {
          expect(await contents(restored.raw)).toEqual(before);
          expect(await demoLogin(restored)).toBe(200);
        } finally {
          await restored.close();
        }
      } finally {
        await drop();
      }
    },
    120_000,
  );
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeApi, ENGINE } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openPglite } from '../db/client';

const CLI = path.join(import.meta.dirname, 'create-superuser.ts');

describeApi('npm run create-superuser', () => {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (ENGINE === 'pglite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'borlette-cli-'));
      env = { DATA_DIR: dir, DATABASE_URL: '' };
      open = () => openPglite(path.join(dir, 'pglite'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const t = await createTestDatabase();
      await t.database.close();
      env = { DATABASE_URL: t.url as string };
      const { openPostgres } = await import('../db/client');
      open = () => openPostgres(t.url as string, { max: 2 });
      cleanup = t.drop;
    }
  });
  afterAll(() => cleanup?.());

  const run = (args: string[], password?: string, input?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, ...env, SUPERUSER_PASSWORD: password ?? '', NODE_ENV: 'production' },
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('creates a superuser that can sign in, and has no default password', async () => {
    const short = run(['--username', 'root'], 'court');
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/12 caractères/);
    const noName = run([], 'un-mot-de-passe-long');
    expect(noName.status).toBe(1);

    const ok = run(['--username', 'root'], undefined, 'un-mot-de-passe-long\n');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Superutilisateur « root » créé/);
    expect(run(['--username', 'ROOT'], 'un-autre-mot-de-passe').stderr).toMatch(/existe déjà/);

    const database = await open();
    try {
      const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/auth/login',
        payload: { username: 'root', password: 'un-mot-de-passe-long' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('superuser');
      const [{ n }] = await database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(n).toBe(1); // no demo data outside the demo
      await app.close();
    } finally {
      await database.close();
    }
  }, 120_000);
});

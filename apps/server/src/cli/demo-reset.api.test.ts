import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { companyToday, enterResult, middayZone } from '../../test/engine-fixtures';
import { createCompany, createTestDatabase, describeApi, ENGINE } from '../../test/helpers';
import { type Database, openPglite } from '../db/client';
import { LOCK_KEYS } from '../db/lock-keys';
import { DEMO_REF_CODE, seedDemo } from '../db/seed/demo';
import { DEMO_TIRAGE } from '../db/seed/demo-game';

const CLI = path.join(import.meta.dirname, 'demo-reset.ts');

/** `npm run demo:reset` on a database no server holds: the demo reopens, another company does not move. */
describeApi('npm run demo:reset', () => {
  let env: Record<string, string>;
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (ENGINE === 'pglite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'borlette-demo-cli-'));
      // No server answers on port 9 (discard): the CLI opens the folder itself.
      env = { DATA_DIR: dir, DATABASE_URL: '', PORT: '9' };
      open = () => openPglite(path.join(dir, 'pglite'));
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
      const { prepareDatabase } = await import('../db/setup');
      const db = await open();
      await prepareDatabase(db, { demo: false });
      await db.close();
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

  const run = () =>
    spawnSync(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('changes nothing without a demo company, then reopens « Tirage Démo » of the demo only', async () => {
    let db = await open();
    let otherId: number;
    try {
      otherId = (await createCompany(db)).id;
    } finally {
      await db.close();
    }
    const none = run();
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/Aucune compagnie de démonstration/);

    db = await open();
    let demoId: number;
    try {
      await db.withLock(LOCK_KEYS.seed, (raw) => seedDemo(raw));
      [{ id: demoId }] = await db.raw.query<{ id: number }>('SELECT id FROM companies WHERE ref_code = $1', [
        DEMO_REF_CODE,
      ]);
      await db.raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [demoId, middayZone()]);
      const [t] = await db.raw.query<{ id: number }>('SELECT id FROM tirages WHERE company_id = $1 AND name = $2', [
        demoId,
        DEMO_TIRAGE,
      ]);
      await enterResult(db, {
        companyId: demoId,
        tirageId: t.id,
        date: await companyToday(db.raw, demoId),
        pick3: '123',
        pick4: '4567',
      });
    } finally {
      await db.close();
    }

    const ok = run();
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Démonstration remise à zéro : 12 fiche\(s\) et 1 résultat\(s\) retirés/);

    db = await open();
    try {
      const count = async (sql: string, id: number) => (await db.raw.query<{ n: number }>(sql, [id]))[0].n;
      expect(await count('SELECT count(*)::int AS n FROM info_tirages WHERE company_id = $1', demoId)).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM fiches WHERE company_id = $1', demoId)).toBe(12);
      expect(
        await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'demo_reset' AND company_id = $1", demoId),
      ).toBe(1);
      // The other company still has its settings and draws (created with it), untouched.
      expect(await count('SELECT count(*)::int AS n FROM tirages WHERE company_id = $1', otherId)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});

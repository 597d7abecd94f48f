import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeApi } from '../../test/helpers';
import type { Database } from './client';

/**
 * db/functions/<name>.sql shows each SQL function as it is live (its last migration's body). After
 * the migrations, running a file must change nothing (its definition and its triggers' read back
 * the same), and every plpgsql/sql function of the schema has its file.
 */
const DIR = path.join(import.meta.dirname, 'functions');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** Per function name: its definition(s) and the triggers that call it, as PostgreSQL prints them. */
async function liveDefinitions(database: Database): Promise<Map<string, { def: string; triggers: string[] }>> {
  const rows = await database.raw.query<{ name: string; def: string; triggers: string[] }>(
    `SELECT p.proname AS name, string_agg(pg_get_functiondef(p.oid), E'\\n' ORDER BY p.oid) AS def,
            coalesce(array_agg(t.tgname || ': ' || pg_get_triggerdef(t.oid) ORDER BY t.tgname)
                       FILTER (WHERE t.oid IS NOT NULL), '{}') AS triggers
       FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
       JOIN pg_language l ON l.oid = p.prolang
       LEFT JOIN pg_trigger t ON t.tgfoid = p.oid AND NOT t.tgisinternal
      WHERE n.nspname = 'public' AND l.lanname IN ('plpgsql', 'sql')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      GROUP BY p.proname`,
  );
  return new Map(rows.map((r) => [r.name, { def: r.def, triggers: r.triggers }]));
}

/** Migrations up to this one are history that still creates functions; later ones hold tables only. */
const LAST_WITH_FUNCTIONS = '0018_live_check.sql';

it('no migration after 0018 defines a function: the engine changes in db/functions only', () => {
  const migrations = readdirSync(path.join(import.meta.dirname, 'migrations')).filter(
    (f) => f.endsWith('.sql') && f > LAST_WITH_FUNCTIONS,
  );
  for (const file of migrations) {
    const text = readFileSync(path.join(import.meta.dirname, 'migrations', file), 'utf8');
    expect(text, file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i);
  }
});

describeApi('db/functions: the live definitions', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('has one file per function of the schema, and a function for every file', async () => {
    const live = await liveDefinitions(database);
    expect(FILES.map((f) => f.replace(/\.sql$/, ''))).toEqual([...live.keys()].sort());
  });

  it('each file is its function as it is live: running it changes nothing', async () => {
    const before = await liveDefinitions(database);
    for (const file of FILES) {
      const name = file.replace(/\.sql$/, '');
      const text = readFileSync(path.join(DIR, file), 'utf8');
      expect(text, file).toContain(`CREATE OR REPLACE FUNCTION ${name}(`);
      for (const trigger of before.get(name)?.triggers ?? []) {
        expect(text, file).toContain(`CREATE OR REPLACE TRIGGER ${trigger.split(':')[0]} `);
      }
      await database.raw.exec(text);
      const after = await liveDefinitions(database);
      expect(after.get(name), file).toEqual(before.get(name));
    }
  });
});

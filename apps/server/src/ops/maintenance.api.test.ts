import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, describeApi } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { maintainTables, maintenanceReason, needsOwnMaintenance, type TableState, tableStates } from './maintenance';

const state = (over: Partial<TableState>): TableState => ({
  table: 't',
  reltuples: 1000,
  relpages: 100,
  pages: 100,
  modSinceAnalyze: 0,
  deadRows: 0,
  insertsSinceVacuum: 0,
  ...over,
});

describe('maintenanceReason (autovacuum’s default thresholds, size for PGlite)', () => {
  it('leaves a table alone below every threshold', () => {
    expect(maintenanceReason(state({}))).toBeNull();
    expect(maintenanceReason(state({ modSinceAnalyze: 150, deadRows: 250, insertsSinceVacuum: 1200 }))).toBeNull();
    // A small table never analyzed: not worth it yet.
    expect(maintenanceReason(state({ reltuples: -1, relpages: 0, pages: 7 }))).toBeNull();
    // PGlite keeps no counters: only the size speaks.
    expect(
      maintenanceReason(state({ pages: 128, modSinceAnalyze: null, deadRows: null, insertsSinceVacuum: null })),
    ).toBeNull();
  });
  it('names the threshold passed', () => {
    expect(maintenanceReason(state({ reltuples: -1, relpages: 0, pages: 8 }))).toBe('never analyzed');
    expect(maintenanceReason(state({ pages: 129 }))).toBe('grew from 100 to 129 pages');
    expect(maintenanceReason(state({ modSinceAnalyze: 151 }))).toBe('151 rows changed since analyze');
    expect(maintenanceReason(state({ deadRows: 251 }))).toBe('251 dead rows');
    expect(maintenanceReason(state({ insertsSinceVacuum: 1201 }))).toBe('1201 rows inserted since vacuum');
    // A hot summary row updated over and over: a few rows, many changes.
    expect(maintenanceReason(state({ reltuples: 32, relpages: 1, pages: 1, modSinceAnalyze: 9000 }))).toMatch(
      /9000 rows changed/,
    );
  });
});

describeApi('table maintenance on a real database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop?.());

  // Counters reach the statistics at once: a backend flushes them at most every second otherwise, and
  // an idle PGlite only after 10 s (a database copied from the tests' cache is fast enough to hit that).
  const flushStats = () => database.raw.exec('SELECT pg_stat_force_next_flush()');

  const probe = async () => {
    await flushStats();
    return (await tableStates(database.raw)).find((t) => t.table === 'maintenance_probe') as TableState;
  };

  const maintain = async () => {
    await flushStats();
    return maintainTables(database.raw, database.kind);
  };

  const fill = async (from: number, to: number) => {
    await database.raw.exec(
      `INSERT INTO maintenance_probe (v) SELECT md5(g::text) FROM generate_series(${from}, ${to}) g; SELECT pg_stat_force_next_flush()`,
    );
  };

  it('analyzes a table that filled up since it was created, then leaves it until it changes again', async () => {
    await database.raw.exec('CREATE TABLE maintenance_probe (id serial PRIMARY KEY, v text NOT NULL)');
    await fill(1, 20_000);
    const before = await probe();
    expect(before.reltuples).toBe(-1);
    expect(maintenanceReason(before)).not.toBeNull();

    const done = await maintain();
    expect(done.map((d) => d.table)).toContain('maintenance_probe');
    const after = await probe();
    expect(after.reltuples).toBe(20_000);
    expect(after.relpages).toBe(after.pages);
    expect(maintenanceReason(after)).toBeNull();
    // The planner now sees the rows: a lookup by key is an index scan, not a scan of a "tiny" table.
    const [plan] = await database.raw.query<{ 'QUERY PLAN': string }>(
      'EXPLAIN SELECT v FROM maintenance_probe WHERE id = 123',
    );
    expect(plan['QUERY PLAN']).toMatch(/Index Scan/);

    const again = await maintain();
    expect(again.map((d) => d.table)).not.toContain('maintenance_probe');

    await fill(20_001, 30_000);
    const grown = await maintain();
    expect(grown.find((d) => d.table === 'maintenance_probe')?.reason).toMatch(/grew|inserted|changed/);
    expect(Math.abs((await probe()).reltuples - 30_000)).toBeLessThan(600);
  });

  it('runs from the server on its timer when the database has no autovacuum, and not otherwise', async () => {
    await fill(30_001, 45_000);
    const own = await needsOwnMaintenance(database);
    if (database.kind === 'pglite') expect(own).toBe(true);
    const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent', maintenanceMs: 200 }) });
    try {
      await app.ready();
      const deadline = Date.now() + 10_000;
      const seen = async () => Math.abs((await probe()).reltuples - 45_000) < 900;
      while (own && !(await seen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // Where autovacuum runs, the server leaves the work to it (nothing to assert on its timing here).
      if (own) expect(await seen()).toBe(true);
    } finally {
      await app.close();
      await database.raw.exec('DROP TABLE maintenance_probe');
    }
  });
});

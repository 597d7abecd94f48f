import type { Database, RawClient } from '../db/client';

/**
 * Table maintenance when nobody else does it: `VACUUM (ANALYZE)` of the tables that grew or changed.
 *
 * PostgreSQL's autovacuum keeps the planner's statistics current and clears dead row versions. The
 * embedded PGlite has no autovacuum (no background workers), and a PostgreSQL may run with it off (this
 * project's CI machine does). Without it a table that started empty keeps the statistics of an empty
 * table: plans chosen for it stay those of a tiny table while it fills up (measured in the soak: the
 * sale's first statement went from 0.07 ms to 69 ms in 4 minutes; 0.07 ms throughout with analyze).
 *
 * So the server looks every `MAINTENANCE_SECONDS` at its tables (a job of jobs/scheduler.ts) and
 * vacuums-and-analyzes those past the same thresholds as autovacuum's defaults, from PostgreSQL's
 * counters where it keeps them (changes since the last analyze, dead rows, inserts since the last
 * vacuum) and from the table's size on disk against the size the last analyze saw (PGlite does not keep the counters). Where autovacuum runs, it does
 * nothing. Several instances may run it: `SKIP_LOCKED` skips a table another one is vacuuming.
 */

export interface TableState {
  table: string;
  /** Rows and pages as the last VACUUM / ANALYZE saw them (reltuples -1: never). */
  reltuples: number;
  relpages: number;
  /** Pages on disk now. */
  pages: number;
  modSinceAnalyze: number | null;
  deadRows: number | null;
  insertsSinceVacuum: number | null;
}

/** Why a table needs maintenance, or null. Thresholds of autovacuum's defaults; growth by size for PGlite. */
export function maintenanceReason(t: TableState): string | null {
  const rows = Math.max(t.reltuples, 0);
  if (t.reltuples < 0 && t.pages >= 8) return 'never analyzed';
  if (t.pages > t.relpages * 1.2 + 8) return `grew from ${t.relpages} to ${t.pages} pages`;
  if (t.modSinceAnalyze !== null && t.modSinceAnalyze > 50 + 0.1 * rows)
    return `${t.modSinceAnalyze} rows changed since analyze`;
  if (t.deadRows !== null && t.deadRows > 50 + 0.2 * rows) return `${t.deadRows} dead rows`;
  if (t.insertsSinceVacuum !== null && t.insertsSinceVacuum > 1000 + 0.2 * rows)
    return `${t.insertsSinceVacuum} rows inserted since vacuum`;
  return null;
}

/** True when the database runs no autovacuum of its own (PGlite always). */
export async function needsOwnMaintenance(database: Database): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = await database.raw.query<{ on: boolean }>(
    `SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on`,
  );
  return !row.on;
}

export async function tableStates(raw: RawClient): Promise<TableState[]> {
  return raw.query<TableState>(
    `SELECT c.relname AS "table", c.reltuples::float8 AS reltuples, c.relpages::int AS relpages,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
            s.n_mod_since_analyze::int AS "modSinceAnalyze", s.n_dead_tup::int AS "deadRows",
            s.n_ins_since_vacuum::int AS "insertsSinceVacuum"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      WHERE c.relkind = 'r' AND n.nspname = current_schema()
      ORDER BY c.relname`,
  );
}

export interface MaintenanceDone {
  table: string;
  reason: string;
  ms: number;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** One pass: vacuums and analyzes every table past its threshold; answers what it did. */
export async function maintainTables(raw: RawClient, kind: Database['kind']): Promise<MaintenanceDone[]> {
  const done: MaintenanceDone[] = [];
  for (const t of await tableStates(raw)) {
    const reason = maintenanceReason(t);
    if (!reason || !IDENT.test(t.table)) continue;
    const started = performance.now();
    // SKIP_LOCKED: another instance (or a long statement holding a conflicting lock) does not make us wait.
    await raw.exec(`VACUUM (ANALYZE${kind === 'postgres' ? ', SKIP_LOCKED' : ''}) "${t.table}"`);
    done.push({ table: t.table, reason, ms: Math.round(performance.now() - started) });
  }
  return done;
}

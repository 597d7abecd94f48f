import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client';
import { LOCK_KEYS } from './lock-keys';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * Applies the SQL files of `migrations/` in name order, each once, each in its own transaction.
 * Forward-only: a file that has been applied is never edited; a change is a new file (a function's
 * new body is copied from db/functions/<name>.sql, changed in the same commit: docs/engine.md).
 * Held under an advisory lock so that N instances starting together migrate once. `until` (a file
 * name) stops after that file: how the upgrade test builds an older database.
 */
export async function migrate(database: Database, opts: { until?: string } = {}): Promise<string[]> {
  const until = opts.until;
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && (!until || f <= until)).sort();
  return database.withLock(LOCK_KEYS.migrate, async (raw) => {
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const body = text.replaceAll('--> statement-breakpoint', '');
      await raw.exec('BEGIN');
      try {
        await raw.exec(body);
        await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await raw.exec('COMMIT');
      } catch (err) {
        await raw.exec('ROLLBACK');
        throw new Error(`Migration ${file} a échoué : ${(err as Error).message}`);
      }
      applied.push(file);
    }
    return applied;
  });
}

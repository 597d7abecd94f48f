import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database, RawClient } from './client';
import { LOCK_KEYS } from './lock-keys';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');

/**
 * Brings the database to this version, under an advisory lock (N instances starting together migrate
 * once), in two steps:
 *  1. the tables: the SQL files of `migrations/` in name order, each once, each in its own transaction.
 *     Forward-only: an applied file is never edited; a change is a new file.
 *  2. the engine: the functions and triggers of `functions/` (one file per function, as it is now),
 *     each applied again whenever its content changed (checksum in `schema_functions`), all in one
 *     transaction. A change to a function is an edit of its file, nothing else (docs/engine.md).
 * `until` (a migration's name) stops after that file and leaves the engine as those migrations made
 * it: how the upgrade test builds an older database.
 */
export async function migrate(
  database: Database,
  opts: { until?: string } = {},
): Promise<{ migrations: string[]; functions: string[] }> {
  const until = opts.until;
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && (!until || f <= until)).sort();
  return database.withLock(LOCK_KEYS.migrate, async (raw) => {
    await raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await raw.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const migrations: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const body = text.replaceAll('--> statement-breakpoint', '');
      await inTransaction(raw, `Migration ${file}`, async () => {
        await raw.exec(body);
        await raw.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      });
      migrations.push(file);
    }
    const functions = until ? [] : await applyFunctions(raw);
    return { migrations, functions };
  });
}

/** The engine's files whose content differs from what was last applied, applied together. */
async function applyFunctions(raw: RawClient): Promise<string[]> {
  await raw.exec(`CREATE TABLE IF NOT EXISTS schema_functions (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(FUNCTIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied = new Map(
    (await raw.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions')).map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  const changed: { name: string; text: string; checksum: string }[] = [];
  for (const file of files) {
    const text = await readFile(path.join(FUNCTIONS_DIR, file), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    if (applied.get(file) !== checksum) changed.push({ name: file, text, checksum });
  }
  const gone = [...applied.keys()].filter((name) => !files.includes(name));
  if (changed.length === 0 && gone.length === 0) return [];
  await inTransaction(raw, 'Fonctions SQL', async () => {
    // The files may call each other in any order: bodies are checked when they run, not when created.
    await raw.exec('SET LOCAL check_function_bodies = off');
    for (const f of changed) {
      try {
        await raw.exec(f.text);
      } catch (err) {
        throw new Error(`${f.name} : ${(err as Error).message}`);
      }
      await raw.query(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [f.name, f.checksum],
      );
    }
    // A function removed from the engine is dropped by a migration; its row goes with its file.
    if (gone.length > 0) await raw.query('DELETE FROM schema_functions WHERE name = ANY ($1)', [gone]);
  });
  return changed.map((f) => f.name);
}

async function inTransaction(raw: RawClient, what: string, fn: () => Promise<void>): Promise<void> {
  await raw.exec('BEGIN');
  try {
    await fn();
    await raw.exec('COMMIT');
  } catch (err) {
    await raw.exec('ROLLBACK');
    throw new Error(`${what} a échoué : ${(err as Error).message}`);
  }
}

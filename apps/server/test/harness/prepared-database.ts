import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/setup';

/*
 * A migrated database is made once per content of the schema, not once per test file: an empty PGlite
 * costs its initdb (5-20 s of WASM on these machines) and the migrations 1.5-4 s more, a PostgreSQL
 * database ~2.5 s. The key is a hash of every file under src/db (migrations, functions, seeds, the
 * runner): any change there makes a new one. PGlite starts from a dumped data folder kept in the
 * system's temporary folder; PostgreSQL copies a template database.
 */

const DB_SRC = path.join(import.meta.dirname, '../../src/db');
const PGLITE_VERSION = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
).version as string;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return files(full);
      return name.includes('.test.') ? [] : [full];
    });
}

let key: string | undefined;
/** The schema's content key: the files under src/db and the PGlite version. */
export function schemaKey(): string {
  if (key) return key;
  const hash = createHash('sha256').update(PGLITE_VERSION);
  for (const f of files(DB_SRC)) hash.update(path.relative(DB_SRC, f)).update(readFileSync(f));
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** An in-memory PGlite, migrated with its reference data, from the cached dump (made on first use). */
export async function preparedPglite(): Promise<Database> {
  const dir = path.join(tmpdir(), 'borlette-test-cache');
  const file = path.join(dir, `pglite-${schemaKey()}.tar.gz`);
  let dump: Blob | undefined;
  try {
    dump = new Blob([readFileSync(file)]);
  } catch {
    const fresh = await openPglite();
    await prepareDatabase(fresh, { demo: false });
    const made = await fresh.dumpDataDir?.();
    await fresh.close();
    if (!made) throw new Error('PGlite cannot dump its data folder');
    mkdirSync(dir, { recursive: true });
    // Written aside then renamed: a concurrent reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await made.arrayBuffer()));
    renameSync(tmp, file);
    dump = made;
  }
  const database = await openPglite(undefined, { loadDataDir: dump });
  // Nothing to apply: the check is cheap and keeps the contract that a test database is current.
  await prepareDatabase(database, { demo: false });
  return database;
}

/**
 * The name of a migrated PostgreSQL template database for this schema, made on first use (under an
 * advisory lock: two workers never build it twice). Other schemas' templates are dropped then, once
 * a day old: another checkout (a worktree on another branch) may be running its suites on its own.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `borlette_tpl_${schemaKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['borlette-test-template']);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      const stale = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database
          WHERE datname LIKE 'borlette\\_tpl\\_%' AND datname <> $1
            AND coalesce(shobj_description(oid, 'pg_database'), '0') < $2`,
        [name, String(Date.now() - 86_400_000).padStart(15, '0')],
      );
      for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openPostgres(url.toString(), { max: 2 });
      try {
        await prepareDatabase(database, { demo: false });
      } finally {
        await database.close();
      }
      // Renamed once complete: a template that exists is a finished one.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${String(Date.now()).padStart(15, '0')}'`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['borlette-test-template']).catch(() => {});
    await admin.end();
  }
  return name;
}

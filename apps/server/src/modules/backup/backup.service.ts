import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../../config';
import { backupTokenPath, pgliteDir } from './backup-files';

export interface BackupResult {
  file: string;
  bytes: number;
  /** How the copy was taken. */
  via: 'running-server' | 'folder' | 'pg_dump';
}

type Conf = Pick<Config, 'dataDir' | 'databaseUrl' | 'port' | 'host'>;

const serverUrl = (c: Conf) => `http://${c.host === '0.0.0.0' || c.host === '::' ? '127.0.0.1' : c.host}:${c.port}`;

/** Is a server answering on the configured port? */
async function serverAnswers(c: Conf): Promise<boolean> {
  try {
    const res = await fetch(`${serverUrl(c)}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} introuvable : installez les outils clients de PostgreSQL.`);
  if (r.status !== 0) throw new Error(`${cmd} a échoué : ${r.stderr.trim()}`);
}

/**
 * `npm run backup`: PostgreSQL → `pg_dump -Fc`; embedded database → a gzip tar of its folder, asked
 * of the running server (consistent, the app keeps serving), or read from the folder when no server
 * runs on it.
 */
export async function backup(c: Conf, out: string): Promise<BackupResult> {
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  if (c.databaseUrl) {
    run('pg_dump', ['-Fc', '--no-owner', '-f', out, c.databaseUrl]);
    return { file: out, bytes: statSync(out).size, via: 'pg_dump' };
  }
  const tokenFile = backupTokenPath(c.dataDir);
  if ((await serverAnswers(c)) && existsSync(tokenFile)) {
    const res = await fetch(`${serverUrl(c)}/api/ops/backup`, {
      headers: { 'x-backup-token': readFileSync(tokenFile, 'utf8').trim() },
    });
    if (!res.ok) throw new Error(`Le serveur a refusé la sauvegarde (${res.status}) : ${await res.text()}`);
    const body = Buffer.from(await res.arrayBuffer());
    await writeFile(out, body);
    return { file: out, bytes: body.length, via: 'running-server' };
  }
  const dir = pgliteDir(c.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`Aucune base embarquée dans ${dir}.`);
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    const body = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(out, body);
    return { file: out, bytes: body.length, via: 'folder' };
  } finally {
    await db.close();
  }
}

/**
 * `npm run restore -- <file>`: PostgreSQL → `pg_restore --clean` into DATABASE_URL; embedded → the
 * current folder is kept aside (`pglite.before-restore-<time>`) and the copy unpacked in its place.
 * Refused while a server answers on the configured port (stop the app first).
 */
export async function restore(c: Conf, file: string): Promise<{ keptAside: string | null }> {
  if (!existsSync(file)) throw new Error(`Fichier introuvable : ${file}`);
  if (c.databaseUrl) {
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '-d', c.databaseUrl, file]);
    return { keptAside: null };
  }
  if (await serverAnswers(c)) {
    throw new Error(`Un serveur répond sur ${serverUrl(c)} : arrêtez l’application avant de restaurer.`);
  }
  const dir = pgliteDir(c.dataDir);
  let keptAside: string | null = null;
  if (existsSync(dir)) {
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, keptAside);
  }
  await mkdir(dir, { recursive: true });
  const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await db.waitReady;
    await db.query('SELECT 1');
  } finally {
    await db.close();
  }
  return { keptAside };
}

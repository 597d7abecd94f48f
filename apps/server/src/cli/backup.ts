/**
 * Backs up the configured database while the app runs.
 *   npm run backup [-- --out FILE]
 * PostgreSQL (DATABASE_URL): pg_dump -Fc. Embedded (DATA_DIR): a gzip tar of the PGlite folder, taken
 * by the running server (or from the folder when the app is stopped). Restore: npm run restore -- FILE.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backup } from '../modules/backup/backup.service';

const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const out = path.resolve(
  values.out ?? path.join('backups', `borlette-${stamp}.${config.databaseUrl ? 'dump' : 'tar.gz'}`),
);
backup(config, out)
  .then((r) => {
    const how = { 'running-server': 'par le serveur en marche', folder: 'depuis le dossier', pg_dump: 'pg_dump' }[
      r.via
    ];
    console.log(`Sauvegarde écrite : ${r.file} (${(r.bytes / 1024).toFixed(0)} Ko, ${how})`);
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

/**
 * Restores a backup made by `npm run backup` into the configured database.
 *   npm run restore -- FILE
 * Embedded: stop the app first; the current folder is kept aside, never deleted.
 * PostgreSQL: pg_restore --clean into DATABASE_URL, in one transaction.
 */
import { loadConfig } from '../config';
import { restore } from '../modules/backup/backup.service';

const file = process.argv[2];
if (!file) {
  console.error('Usage : npm run restore -- <fichier de sauvegarde>');
  process.exit(1);
}
restore(loadConfig(), file)
  .then(({ keptAside }) => {
    console.log(`Restauration terminée depuis ${file}.`);
    if (keptAside) console.log(`L’ancienne base est conservée dans ${keptAside}.`);
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

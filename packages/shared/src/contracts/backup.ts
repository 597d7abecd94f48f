import { allow, endpoint } from '../endpoint';

/**
 * The online backup of the embedded database, for `npm run backup` only (it proves it runs on this
 * machine by the token the server writes under DATA_DIR). Answers a gzip tar: not JSON.
 */
export const backupEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/ops/backup',
    tag: 'backup',
    summary: 'Sauvegarde de la base embarquée (npm run backup)',
    access: allow.public(),
    response: null,
    errors: {},
    hidden: true,
    // With PostgreSQL the route does not exist: pg_dump is the tool.
    onlyOn: 'pglite',
  }),
};

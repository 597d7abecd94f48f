import path from 'node:path';

/** The token file the running server writes for `npm run backup` (under DATA_DIR, mode 600). */
export const backupTokenPath = (dataDir: string) => path.join(dataDir, 'backup.token');

/** The PGlite folder under DATA_DIR (db/client.ts openDatabase). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

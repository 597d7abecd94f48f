/**
 * `npm run demo:reset`: takes the demo company (code DEMO) back to its first morning — its tickets,
 * results, payments and wallet removed, « Tirage Démo » open again, today's sample tickets sold anew
 * (modules/demo/demo.service.ts). Nothing of any other company is touched; without a demo company in
 * the database it changes nothing and says so.
 * Embedded database used by a server on the configured port: that server does it (PGlite has one
 * user at a time), proven by the token it wrote under DATA_DIR. Otherwise the database is opened here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { backupTokenPath, pgliteDir } from '../modules/backup/backup-files';
import { type DemoResetResult, findDemoCompany, resetDemo } from '../modules/demo/demo.service';

const NO_DEMO = 'Aucune compagnie de démonstration (code DEMO) dans cette base : rien n’a été touché.';

async function viaServer(base: string, token: string): Promise<DemoResetResult> {
  const res = await fetch(`${base}/api/ops/demo-reset`, { method: 'POST', headers: { 'x-backup-token': token } });
  const body = (await res.json().catch(() => ({}))) as DemoResetResult & { message?: string };
  if (res.status === 404) throw new Error(NO_DEMO);
  if (!res.ok) throw new Error(`Le serveur a refusé la remise à zéro (${res.status}) : ${body.message ?? ''}`);
  return body;
}

async function main(): Promise<DemoResetResult> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const base = `http://${host}:${config.port}`;
    const running = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    const tokenFile = backupTokenPath(config.dataDir);
    if (running && existsSync(tokenFile)) return viaServer(base, readFileSync(tokenFile, 'utf8').trim());
    if (!existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
      throw new Error(`Aucune base embarquée dans ${pgliteDir(config.dataDir)}.`);
    }
  }
  const database = await openDatabase(config);
  try {
    const demo = await findDemoCompany(database.raw);
    if (!demo) throw new Error(NO_DEMO);
    return await database.transaction(async (raw) => {
      const result = await resetDemo(raw, demo);
      await raw.query(
        `INSERT INTO audit_log (company_id, username, action, entity, entity_id, after)
         VALUES ($1, 'npm run demo:reset', 'demo_reset', 'company', $2, $3)`,
        [demo.id, String(demo.id), JSON.stringify(result)],
      );
      return result;
    });
  } finally {
    await database.close();
  }
}

main()
  .then((r) => {
    console.log(
      `Démonstration remise à zéro : ${r.tickets_removed} fiche(s) et ${r.results_removed} résultat(s) retirés, ` +
        `« Tirage Démo » rouvert, ${r.tickets_sold} fiche(s) d’exemple vendues.`,
    );
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });

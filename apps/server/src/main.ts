import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, openPostgres } from './db/client';
import { replicaReads } from './db/replica';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo';
import { prepareDatabase } from './db/setup';
import { chooseLogFormat, prettyLogStream } from './http/request-log';
import { markDraining } from './ops/lifecycle';

/** A shutdown that has not finished by then (a request that never ends) exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { applied, functions, demoSeeded } = await prepareDatabase(database, { demo: config.seedDemo });
  // The reports' read replica (REPORTS_DATABASE_URL): read-only queries, its own smaller pool.
  // When it stops answering, the reads go to the primary for a while, or answer 503 (REPORTS_FALLBACK).
  let onSwitch: (to: string, err?: unknown) => void = () => {};
  const reportsDatabase = config.reportsDatabaseUrl
    ? replicaReads(
        await openPostgres(config.reportsDatabaseUrl, {
          max: Math.max(2, Math.ceil(config.databasePoolSize / 2)),
          queryTimeoutMillis: config.databaseQueryTimeoutMs,
          pooler: config.databasePooler,
        }),
        database,
        { fallback: config.reportsFallback, onSwitch: (to, err) => onSwitch(to, err) },
      )
    : undefined;
  const format = chooseLogFormat({ given: config.logFormat, env: config.env, isTTY: Boolean(process.stdout.isTTY) });
  const logStream = format === 'pretty' ? prettyLogStream() : undefined;
  const app = await buildApp({ database, reportsDatabase, config, logStream });
  onSwitch = (to, err) =>
    to === 'replica'
      ? app.log.warn('reports: the replica answers again, reads are back on it')
      : app.log.warn(
          { err },
          `reports: the replica does not answer, reads ${to === 'primary' ? 'on the primary' : 'refused (503)'}`,
        );

  /**
   * SIGTERM / SIGINT: readiness answers 503, the listener closes (new connections are refused), idle
   * keep-alive connections are closed, in-flight requests finish, then the database is closed (PGlite
   * checkpoints its folder: the next start needs no recovery) and the process exits 0.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    markDraining(database);
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      console.error(`Arrêt forcé : des requêtes n’ont pas fini en ${SHUTDOWN_TIMEOUT_MS / 1000} s.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Connections that become idle once their request is answered are closed too (a keep-alive client
    // would otherwise hold the process until its keep-alive timeout).
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    let code = 0;
    try {
      await app.close();
      await database.close();
      await reportsDatabase?.close();
      app.log.info('shut down');
    } catch (err) {
      console.error('Arrêt incomplet :', err instanceof Error ? err.message : err);
      code = 1;
    } finally {
      clearInterval(reaper);
      clearTimeout(force);
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // PORT=0 picks a free port: print the one really bound (tests and tools read this line).
  const port = (app.server.address() as AddressInfo | null)?.port ?? config.port;
  const where =
    database.kind === 'pglite'
      ? `PGlite (${config.dataDir}/pglite)`
      : `PostgreSQL${reportsDatabase ? ' (rapports sur la réplique)' : ''}`;
  const lines = [
    '',
    `  Borlette est prêt : http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    `  Base de données : ${where}${applied.length ? ` — migrations appliquées : ${applied.join(', ')}` : ''}${functions.length ? ` — fonctions SQL mises à jour : ${functions.length}` : ''}`,
    `  Documentation de l’API : /api/docs`,
  ];
  if (config.seedDemo) {
    lines.push(demoSeeded ? '  Données de démonstration créées.' : '  Données de démonstration déjà présentes.');
    lines.push(`  Connexions de démonstration (mot de passe ${DEMO_PASSWORD}) :`);
    for (const l of DEMO_LOGINS) lines.push(`    - ${l.username.padEnd(16)} ${l.role}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

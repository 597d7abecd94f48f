import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo';
import { prepareDatabase } from './db/setup';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { applied, demoSeeded } = await prepareDatabase(database, { demo: config.seedDemo });
  const app = await buildApp({ database, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `PGlite (${config.dataDir}/pglite)` : 'PostgreSQL';
  const lines = [
    '',
    `  Borlette est prêt : http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`,
    `  Base de données : ${where}${applied.length ? ` — migrations appliquées : ${applied.join(', ')}` : ''}`,
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

// The preamble the benches that drive a real server on PostgreSQL share (bench-engine, bench-exposure,
// bench-pos, bench-soak): a scratch database, migrated, with one selling company; the server on it; and,
// whatever happens, the servers stopped and the database dropped.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ADMIN_URL, seedSelling, src, startServer, stopServer, untilUp } from './bench-kit.mjs';

/**
 * Creates `borlette_bench_<kind>_<random>` on TEST_DATABASE_URL's server, prepares it (no demo), seeds
 * `agents` selling agents (seedSelling, limits × `limitScale`), then runs `run(scratch)`:
 *  - scratch.database: an open pool of `pool` connections; scratch.fixtures: seedSelling's answer;
 *  - scratch.url, scratch.name: the database; scratch.port: a port drawn in [ports[0], ports[0] + ports[1]);
 *  - scratch.serve(env): starts the real server on it (startServer, `env` over DATABASE_URL) and waits
 *    until it answers; the child is stopped at the end if the run did not stop it.
 * The database is dropped afterwards unless `keep` (then `kept(name)` is printed). Answers run's answer.
 * The caller has registered tsx (the server's TypeScript is imported here).
 */
export async function withScratchDatabase(
  { kind, agents, limitScale = 1, pool = 4, ports, keep = false, kept = (name) => `database kept: ${name}` },
  run,
) {
  const { hashPassword } = await import(src('lib/password.ts'));
  const { openPostgres } = await import(src('db/client.ts'));
  const { prepareDatabase } = await import(src('db/setup.ts'));
  const name = `borlette_bench_${kind}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const port = ports[0] + Math.floor(Math.random() * ports[1]);
  const servers = [];
  let database;
  try {
    database = await openPostgres(url.toString(), { max: pool });
    await prepareDatabase(database, { demo: false });
    const fixtures = await seedSelling(database.raw, hashPassword, agents, { limitScale });
    const serve = async (env = {}) => {
      const child = startServer({ DATABASE_URL: url.toString(), ...env }, port);
      servers.push(child);
      await untilUp(port);
      return child;
    };
    return await run({ name, url: url.toString(), port, database, fixtures, serve });
  } finally {
    // A child the run stopped already (by a signal its exitCode stays null) is not waited for again.
    for (const child of servers) if (child.exitCode === null && child.signalCode === null) await stopServer(child);
    await database?.close();
    if (keep) console.log(kept(name));
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

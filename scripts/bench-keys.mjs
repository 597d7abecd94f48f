// `node scripts/bench-keys.mjs`: what the keys widened by company_id (migration 0020, Citus-ready)
// cost the sale. Two databases on the same server, the same engine and fixtures; one has 0020's keys
// undone (the keys before it). pgbench calls borlette_sell (8 clients, the ticket of
// scripts/bench-engine.mjs's pgbenchSales) on each in turn, ROUNDS times, so both see the same
// machine: compare the ratio after/before of the same round, not absolute figures. Then times 0020
// itself on the rows the runs left (the lock an upgrade holds). Nothing here is asserted.
// Env: TEST_DATABASE_URL (admin), BENCH_SECONDS (15 per run), BENCH_ROUNDS (3), BENCH_KEEP=1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, pgbenchSaleScript, seedSelling, src } from './lib/bench-kit.mjs';

register();

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const log = (...a) => console.log(...a);
const { hashPassword } = await import(src('lib/password.ts'));
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const MIGRATION = readFileSync(src('db/migrations/0020_distributable_keys.sql'), 'utf8');

/** The keys as they were before 0020 (its exact inverse). */
const UNDO = `
  ALTER TABLE fiche_payments DROP CONSTRAINT fiche_payments_company_id_fiche_id_fiches_company_id_id_fk;
  ALTER TABLE fiches DROP CONSTRAINT fiches_id_company_id_pk;
  ALTER TABLE fiches ADD CONSTRAINT fiches_pkey PRIMARY KEY (id);
  DROP INDEX fiches_ref_code_company_uq;
  CREATE UNIQUE INDEX fiches_ref_code_uq ON fiches (ref_code);
  ALTER TABLE fiche_lines DROP CONSTRAINT fiche_lines_id_company_id_pk;
  ALTER TABLE fiche_lines ADD CONSTRAINT fiche_lines_pkey PRIMARY KEY (id);
  ALTER TABLE fiche_payments DROP CONSTRAINT fiche_payments_id_company_id_pk;
  ALTER TABLE fiche_payments ADD CONSTRAINT fiche_payments_pkey PRIMARY KEY (id);
  ALTER TABLE fiche_payments ADD CONSTRAINT fiche_payments_fiche_id_fiches_id_fk FOREIGN KEY (fiche_id) REFERENCES fiches (id);
  ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_id_company_id_pk;
  ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_pkey PRIMARY KEY (id);`;

/** pgbench -c 8 calling borlette_sell with a random ticket of 6 bolet lines, a mariage and 3 free candidates. */
function sellRun(url, f) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'borlette-keys-')), 'sell.sql');
  writeFileSync(file, pgbenchSaleScript(f));
  const run = spawnSync(
    'pgbench',
    ['-n', '-c', '8', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', '-f', file, url],
    {
      encoding: 'utf8',
    },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!m) throw new Error(`pgbench: ${run.stdout} ${run.stderr}`);
  return Number(m[1]);
}

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const suffix = randomBytes(4).toString('hex');
const dbs = { before: `borlette_keys_before_${suffix}`, after: `borlette_keys_after_${suffix}` };
const opened = {};
try {
  const fixtures = {};
  for (const [k, name] of Object.entries(dbs)) {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 2 });
    opened[k] = { database, url: url.toString() };
    await prepareDatabase(database, { demo: false });
    if (k === 'before') await database.raw.exec(UNDO);
    const f = await seedSelling(database.raw, hashPassword, 64);
    // A refusal aborts a pgbench client: no limits nor blocked balls (as bench-engine does).
    await database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [f.companyId]);
    await database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [f.companyId]);
    fixtures[k] = f;
  }
  const rows = [];
  for (let r = 1; r <= ROUNDS; r++) {
    // Alternate which goes first, so that neither always runs on the warmer (or busier) machine.
    const order = r % 2 ? ['before', 'after'] : ['after', 'before'];
    const tps = {};
    for (const k of order) tps[k] = sellRun(opened[k].url, fixtures[k]);
    rows.push(tps);
    log(
      `round ${r}: before ${tps.before.toFixed(0)}/s, after ${tps.after.toFixed(0)}/s, after/before ${(tps.after / tps.before).toFixed(3)}`,
    );
  }
  const sum = (k) => rows.reduce((s, x) => s + x[k], 0);
  log(
    `all rounds: after/before ${(sum('after') / sum('before')).toFixed(3)} (borlette_sell, pgbench -c 8, ${SECONDS} s × ${ROUNDS})`,
  );

  // 0020 on the rows the before database now holds: how long an upgrade holds the tables' locks.
  const raw = opened.before.database.raw;
  const [n] = await raw.query(
    `SELECT (SELECT count(*) FROM fiches)::int AS fiches, (SELECT count(*) FROM fiche_lines)::int AS lines,
            (SELECT count(*) FROM wallet_entries)::int AS entries`,
  );
  const t0 = performance.now();
  await raw.exec(`BEGIN; ${MIGRATION}; COMMIT;`);
  log(
    `migration 0020 on ${n.fiches} tickets, ${n.lines} lines, ${n.entries} ledger entries: ${((performance.now() - t0) / 1000).toFixed(2)} s`,
  );
} finally {
  for (const k of Object.keys(opened)) await opened[k].database.close();
  for (const name of Object.values(dbs)) {
    if (process.env.BENCH_KEEP === '1') log(`base conservée : ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await admin.end();
}

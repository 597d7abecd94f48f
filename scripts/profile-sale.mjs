// `node scripts/profile-sale.mjs`: what one sale costs the database (issue 19 §1), beside
// pgbench tpcb-like measured in the same run. Nothing is asserted.
//  - borlette_sell alone under pgbench -c 8 (the bench's ticket shape: 7 lines, 1 draw, free mariages)
//    and pgbench tpcb-like on the same server, then their ratio;
//  - per sale: rows written per table (pg_stat_user_tables, triggers included), index entries, WAL bytes,
//    backend CPU (the postgres processes' ticks during the pgbench run).
// Env: TEST_DATABASE_URL (admin connection), PROFILE_SECONDS (15), PROFILE_ROUNDS (1: alternate the two
//      pgbench runs this many times and print each ratio), PROFILE_KEEP=1 (keep the database),
//      PROFILE_EXPLAIN=1 (one sale with auto_explain on nested statements into the server log).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, seedSelling, src } from './lib/bench-kit.mjs';

register();
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 1);
const log = (...a) => console.log(...a);
const { hashPassword } = await import(src('lib/password.ts'));
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));

/** CPU seconds of every postgres process of the machine so far. */
function dbCpu() {
  let t = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      t += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return t / 100;
}

/** The bench's sale (scripts/bench-engine.mjs pgbenchSales): 7 lines on one of 4 draws, 3 free candidates. */
function saleScript(fixtures) {
  const line = (i) =>
    `jsonb_build_object('code', 20, 'number', lpad((random() * 99)::int::text, 2, '0'), 'stake', 100 * (1 + (random() * 49)::int), 'pos', ${i})`;
  const agents = `(ARRAY[${fixtures.agentIds.join(',')}])[1 + (random() * ${fixtures.agentIds.length - 1})::int]`;
  return `SELECT borlette_sell(jsonb_build_object('company_id', ${fixtures.companyId}, 'agent_id', ${agents},
       'key', md5(random()::text), 'hash', 'h', 'ref_code', md5(random()::text),
       'tirages', jsonb_build_array((ARRAY[${fixtures.tirages.join(',')}])[1 + (random() * 3)::int]),
       'lines', jsonb_build_array(${[1, 2, 3, 4, 5, 6].map(line).join(', ')},
         jsonb_build_object('code', 40, 'number', lpad((random() * 49)::int::text, 2, '0') || '*' ||
                            lpad((50 + random() * 49)::int::text, 2, '0'), 'stake', 200, 'pos', 7)),
       'free', jsonb_build_array('01*02', '03*04', '05*06')));\n`;
}

function pgbench(args, url) {
  const run = spawnSync('pgbench', [...args, url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  const n = /number of transactions actually processed: (\d+)/.exec(run.stdout);
  if (!m) throw new Error(`pgbench: ${run.stdout} ${run.stderr}`);
  return { tps: Number(m[1]), n: Number(n?.[1] ?? 0) };
}

const name = `borlette_profile_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
let database;
try {
  database = await openPostgres(url.toString(), { max: 2 });
  await prepareDatabase(database, { demo: false });
  const fixtures = await seedSelling(database.raw, hashPassword, 64);
  // As the bench's pgbench run: a refusal aborts a pgbench client.
  await database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [fixtures.companyId]);
  await database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [fixtures.companyId]);
  const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', url.toString()], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'borlette-profile-')), 'sell.sql');
  writeFileSync(file, saleScript(fixtures));
  const sell = ['-n', '-c', '8', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', '-f', file];
  const tpcb = ['-c', '8', '-j', '2', '-T', String(SECONDS)];
  // Warm-up: plans, the day's counter and summary rows.
  pgbench(['-n', '-c', '8', '-j', '2', '-T', '3', '-M', 'prepared', '-f', file], url.toString());

  const tables = async () =>
    Object.fromEntries(
      (
        await database.raw.query(
          `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables
            WHERE relname NOT LIKE 'pgbench%'`,
        )
      ).map((r) => [r.relname, r]),
    );
  const wal = async () => (await database.raw.query('SELECT pg_current_wal_lsn()::text AS l'))[0].l;
  const ratios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const t = pgbench(tpcb, url.toString());
    await database.raw.query('SELECT pg_stat_clear_snapshot()');
    const before = await tables();
    const lsn0 = await wal();
    const cpu0 = dbCpu();
    const s = pgbench(sell, url.toString());
    const cpu1 = dbCpu();
    const lsn1 = await wal();
    await new Promise((r) => setTimeout(r, 800)); // the stats collector flushes every 500 ms
    const after = await tables();
    const [{ bytes }] = await database.raw.query('SELECT pg_wal_lsn_diff($1, $2)::bigint AS bytes', [lsn1, lsn0]);
    ratios.push(s.tps / t.tps);
    log(
      `round ${round}: tpcb-like ${t.tps.toFixed(1)} TPS, borlette_sell ${s.tps.toFixed(1)}/s, ratio ${(s.tps / t.tps).toFixed(3)}`,
    );
    log(
      `  per sale: WAL ${(Number(bytes) / s.n).toFixed(0)} B, database CPU ${(((cpu1 - cpu0) * 1000) / s.n).toFixed(2)} ms (all postgres processes)`,
    );
    if (round === 1) {
      const rows = [];
      for (const [rel, a] of Object.entries(after)) {
        const b = before[rel] ?? { n_tup_ins: 0, n_tup_upd: 0, n_tup_hot_upd: 0, n_tup_del: 0 };
        const d = (k) => (Number(a[k]) - Number(b[k])) / s.n;
        if (d('n_tup_ins') || d('n_tup_upd') || d('n_tup_del'))
          rows.push(
            `    ${rel.padEnd(24)} ins ${d('n_tup_ins').toFixed(2)}  upd ${d('n_tup_upd').toFixed(2)} (hot ${d('n_tup_hot_upd').toFixed(2)})  del ${d('n_tup_del').toFixed(2)}`,
          );
      }
      log('  rows written per sale (triggers included):');
      log(rows.join('\n'));
    }
  }
  if (ROUNDS > 1) log(`ratio over rounds: ${ratios.map((r) => r.toFixed(3)).join(' ')}`);
  const idx = await database.raw.query(
    `SELECT c.relname AS tbl, i.relname AS idx, s.idx_scan FROM pg_stat_user_indexes s
       JOIN pg_class i ON i.oid = s.indexrelid JOIN pg_class c ON c.oid = s.relid
      WHERE c.relname IN ('fiches','fiche_lines','fiche_tirages','sale_counters','sale_numbers','wallet_entries',
                          'wallet_agent_day','stats_agent_day','stats_agent_draw_day','audit_logs')
      ORDER BY 1, 2`,
  );
  log('  indexes written by the sale (scans since the database was created):');
  for (const r of idx) log(`    ${r.tbl}.${r.idx}: ${r.idx_scan}`);
  if (process.env.PROFILE_EXPLAIN === '1') {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    await c.query("LOAD 'auto_explain'");
    await c.query(
      'SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_timing = on',
    );
    const sql = readFileSync(file, 'utf8').replace(/;\s*$/, '');
    for (let i = 0; i < 3; i++) await c.query(sql);
    await c.query('SET auto_explain.log_min_duration = -1');
    await c.end();
    log('  auto_explain: three sales logged in /var/log/postgresql/postgresql-15-main.log');
  }
} finally {
  await database?.close?.();
  if (process.env.PROFILE_KEEP === '1') log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

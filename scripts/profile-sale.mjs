// `node scripts/profile-sale.mjs`: what one sale costs the database (issue 19 §1), beside
// pgbench tpcb-like measured in the same run. Nothing is asserted.
//  - borlette_sell alone under pgbench -c 8 (the bench's ticket shape: 7 lines, 1 draw, free mariages)
//    and pgbench tpcb-like on the same server, then their ratio;
//  - per sale: rows written per table (pg_stat_user_tables, triggers included), index entries, WAL bytes,
//    CPU of the sales' own backends (their /proc ticks, over the tickets sold meanwhile);
//  - then, one client, `track_functions = all`: the time per call of every function and trigger of the
//    sale (the steadiest figure on a shared machine: no lock waits, no other helper's backend).
// Before/after in the same run: PROFILE_BASE=<another checkout> (e.g. `git archive main | tar -x -C dir`
// with a node_modules link) prepares a second database with that checkout's migrations and functions;
// each round then runs tpcb-like, the base's sales and this checkout's sales, one after the other.
// WAL per sale is this database's records only (pg_waldump, when the server's pg_wal is readable; the
// LSN difference counts every database of the server).
// Env: TEST_DATABASE_URL (admin connection), PROFILE_SECONDS (15), PROFILE_ROUNDS (1: alternate the
//      pgbench runs this many times and print each ratio), PROFILE_KEEP=1 (keep the databases),
//      PROFILE_EXPLAIN=1 (three sales with auto_explain on nested statements into the server log),
//      PROFILE_WAL_DIR (/var/lib/postgresql/15/main/pg_wal).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, pgbenchSaleScript, seedSelling, sleep, src } from './lib/bench-kit.mjs';

register();
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 15);
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 1);
const log = (...a) => console.log(...a);
const BASE = process.env.PROFILE_BASE;
const WAL_DIR = process.env.PROFILE_WAL_DIR ?? '/var/lib/postgresql/15/main/pg_wal';
const { hashPassword } = await import(src('lib/password.ts'));

/** CPU seconds used so far by these processes (the backends of the sales: other helpers share the machine). */
function cpuOf(pids) {
  let t = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      t += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return t / 100;
}

const saleScript = pgbenchSaleScript;

/** pgbench in the background: its answer once it ends. */
function pgbenchAsync(args, url) {
  const child = spawn('pgbench', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', () => {
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      const n = /number of transactions actually processed: (\d+)/.exec(out);
      if (!m) reject(new Error(`pgbench: ${out}`));
      else resolve({ tps: Number(m[1]), n: Number(n?.[1] ?? 0) });
    }),
  );
}

function pgbench(args, url) {
  const run = spawnSync('pgbench', [...args, url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  const n = /number of transactions actually processed: (\d+)/.exec(run.stdout);
  if (!m) throw new Error(`pgbench: ${run.stdout} ${run.stderr}`);
  return { tps: Number(m[1]), n: Number(n?.[1] ?? 0) };
}

/** This database's WAL between two LSNs: bytes of its records (and its commits, counted by xid). */
function walOf(dbOid, from, to) {
  const run = spawnSync('pg_waldump', ['-p', WAL_DIR, '-s', from, '-e', to], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: { ...process.env, PATH: `/usr/lib/postgresql/15/bin:${process.env.PATH}` },
  });
  if (!run.stdout) return null;
  const xids = new Set();
  let bytes = 0;
  const mine = ` rel 1663/${dbOid}/`;
  for (const line of run.stdout.split('\n')) {
    const len = /len \(rec\/tot\):\s*\d+\/\s*(\d+)/.exec(line);
    const xid = /tx:\s*(\d+)/.exec(line);
    if (!len || !xid) continue;
    if (line.includes(mine)) {
      bytes += Number(len[1]);
      xids.add(xid[1]);
    } else if (line.includes('COMMIT') && xids.has(xid[1])) bytes += Number(len[1]);
  }
  return bytes;
}

/** A database prepared by a checkout (`root`: its apps/server/src), with the bench's selling company. */
async function prepared(root, name) {
  const { openPostgres: open } = await import(path.join(root, 'apps/server/src/db/client.ts'));
  const { prepareDatabase } = await import(path.join(root, 'apps/server/src/db/setup.ts'));
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await open(url.toString(), { max: 2 });
  await prepareDatabase(database, { demo: false });
  const fixtures = await seedSelling(database.raw, hashPassword, 64);
  // As the bench's pgbench run: a refusal aborts a pgbench client.
  await database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [fixtures.companyId]);
  await database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [fixtures.companyId]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'borlette-profile-')), 'sell.sql');
  writeFileSync(file, saleScript(fixtures));
  const [{ oid }] = await database.raw.query('SELECT oid FROM pg_database WHERE datname = current_database()');
  // Warm-up: plans, the day's counter and summary rows.
  pgbench(['-n', '-c', '8', '-j', '2', '-T', '3', '-M', 'prepared', '-f', file], url.toString());
  return { name, url: url.toString(), database, file, oid, label: root === ROOT_DIR ? 'this checkout' : 'base' };
}

async function tables(database) {
  const rows = await database.raw.query(
    `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del FROM pg_stat_user_tables
      WHERE relname NOT LIKE 'pgbench%'`,
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r]));
}

/** borlette_sell under pgbench -c 8 on one database, with its rows, WAL and CPU per sale. */
async function sales(db, withRows) {
  const lsn = async () => (await db.database.raw.query('SELECT pg_current_wal_lsn()::text AS l'))[0].l;
  await db.database.raw.query('SELECT pg_stat_clear_snapshot()');
  const before = withRows ? await tables(db.database) : null;
  const lsn0 = await lsn();
  const run = pgbenchAsync(
    ['-n', '-c', '8', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', '-f', db.file],
    db.url,
  );
  // The sales' own backends, from 1 s into the run to 1 s before its end, over the tickets sold meanwhile.
  const sold = async () => Number((await db.database.raw.query('SELECT last_value FROM fiches_id_seq'))[0].last_value);
  await sleep(1000);
  const pids = (
    await db.database.raw.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'pgbench'",
    )
  ).map((r) => r.pid);
  const [cpu0, n0] = [cpuOf(pids), await sold()];
  await sleep((SECONDS - 2) * 1000);
  const [cpu1, n1] = [cpuOf(pids), await sold()];
  const s = await run;
  const lsn1 = await lsn();
  const wal = walOf(db.oid, lsn0, lsn1);
  const [{ bytes }] = await db.database.raw.query('SELECT pg_wal_lsn_diff($1, $2)::bigint AS bytes', [lsn1, lsn0]);
  const out = {
    tps: s.tps,
    wal: wal === null ? null : wal / s.n,
    walAll: Number(bytes) / s.n,
    cpu: ((cpu1 - cpu0) * 1000) / Math.max(1, n1 - n0),
  };
  if (withRows) {
    await new Promise((r) => setTimeout(r, 800)); // the stats collector flushes every 500 ms
    const after = await tables(db.database);
    out.rows = [];
    for (const [rel, a] of Object.entries(after)) {
      const b = before[rel] ?? { n_tup_ins: 0, n_tup_upd: 0, n_tup_hot_upd: 0, n_tup_del: 0 };
      const d = (k) => (Number(a[k]) - Number(b[k])) / s.n;
      if (d('n_tup_ins') || d('n_tup_upd') || d('n_tup_del'))
        out.rows.push(
          `    ${rel.padEnd(24)} ins ${d('n_tup_ins').toFixed(2)}  upd ${d('n_tup_upd').toFixed(2)} (hot ${d('n_tup_hot_upd').toFixed(2)})  del ${d('n_tup_del').toFixed(2)}`,
        );
    }
  }
  return out;
}

const ROOT_DIR = path.resolve(src('.'), '../../..');
const tag = randomBytes(4).toString('hex');
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const dbs = [];
try {
  if (BASE) dbs.push(await prepared(path.resolve(BASE), `borlette_profile_base_${tag}`));
  dbs.push(await prepared(ROOT_DIR, `borlette_profile_${tag}`));
  const main = dbs[dbs.length - 1];
  const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', main.url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  const ratios = dbs.map(() => []);
  for (let round = 1; round <= ROUNDS; round++) {
    const t = pgbench(['-c', '8', '-j', '2', '-T', String(SECONDS)], main.url);
    log(`round ${round}: pgbench tpcb-like ${t.tps.toFixed(1)} TPS`);
    for (const [k, db] of dbs.entries()) {
      const s = await sales(db, round === 1);
      ratios[k].push(s.tps / t.tps);
      log(
        `  ${db.label}: borlette_sell ${s.tps.toFixed(1)}/s, ratio ${(s.tps / t.tps).toFixed(3)}; per sale: backend CPU ${s.cpu.toFixed(2)} ms, WAL ${s.wal === null ? '?' : s.wal.toFixed(0)} B (all databases: ${s.walAll.toFixed(0)} B)`,
      );
      if (s.rows) log(`  rows written per sale (triggers included):\n${s.rows.join('\n')}`);
    }
  }
  if (ROUNDS > 1)
    for (const [k, db] of dbs.entries())
      log(
        `${db.label}: ratios ${ratios[k].map((r) => r.toFixed(3)).join(' ')}; median ${median(ratios[k]).toFixed(3)}`,
      );
  for (const db of dbs) {
    await db.database.raw.query('SELECT pg_stat_reset()');
    spawnSync('pgbench', ['-n', '-c', '1', '-t', '300', '-M', 'prepared', '-f', db.file, db.url], {
      env: { ...process.env, PGOPTIONS: '-c track_functions=all' },
    });
    await sleep(800);
    const fns = await db.database.raw.query(
      `SELECT funcname, calls, round((total_time / calls * 1000)::numeric) AS total, round((self_time / calls * 1000)::numeric) AS self
         FROM pg_stat_user_functions ORDER BY total_time DESC`,
    );
    log(`${db.label}, one client, µs per call (total / self):`);
    for (const f of fns)
      log(`    ${f.funcname.padEnd(24)} ${String(f.calls).padStart(4)} calls  ${f.total} / ${f.self}`);
  }
  if (process.env.PROFILE_EXPLAIN === '1') {
    const c = new pg.Client({ connectionString: main.url });
    await c.connect();
    await c.query("LOAD 'auto_explain'");
    await c.query(
      'SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_timing = on',
    );
    const sql = readFileSync(main.file, 'utf8').replace(/;\s*$/, '');
    for (let i = 0; i < 3; i++) await c.query(sql);
    await c.query('SET auto_explain.log_min_duration = -1');
    await c.end();
    log('auto_explain: three sales logged in the server log (/var/log/postgresql/postgresql-15-main.log)');
  }
} finally {
  for (const db of dbs) {
    await db.database.close();
    if (process.env.PROFILE_KEEP === '1') log(`kept database ${db.name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
  }
  await admin.end();
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

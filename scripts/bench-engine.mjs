// `node scripts/bench-engine.mjs`: the selling engine on this machine, each figure beside a reference
// measured in the same run. Nothing here is asserted.
//  1. Ticket sales through the real HTTP API (the server in its own process, 64 agents selling at once,
//     realistic tickets of 3-10 lines, limits on) on PostgreSQL — beside `pgbench -c 8 -j 2 -T 20`
//     (tpcb-like) on the same server — and on the embedded PGlite.
//     Also with issue 20's checks on, and with every automatic limit rule of issue 22 on beside off.
//  2. Settlement of one draw with 1 000 000 bet lines, beside `SELECT count(*)` over those lines.
// Env: TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_SECONDS (20), BENCH_AGENTS (64), BENCH_LINES (1000000), BENCH_SKIP_PGLITE=1, BENCH_KEEP=1,
//      BENCH_SKIP_SETTLEMENT=1, BENCH_CPU_PROF=<dir> (the servers run under node --cpu-prof, profiles there).
// Each closed loop (64 agents back to back: its latency is mostly the queue) is followed by an open
// loop at half the peak it measured (Poisson arrivals; latency from the scheduled arrival).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import {
  loginAll,
  pgbenchSaleScript,
  ROOT,
  randomTicket,
  request,
  seedSelling,
  sleep,
  src,
  startServer,
  stats,
  stopServer,
  untilUp,
} from './lib/bench-kit.mjs';
import { withScratchDatabase } from './lib/scratch-database.mjs';

register();

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 64);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const log = (...a) => console.log(...a);
const { hashPassword } = await import(src('lib/password.ts'));
const { openPglite } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));

/** CPU seconds used so far by the server process, by every PostgreSQL process, by this process. */
function cpuNow(serverPid) {
  const ticks = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: the postmaster's reaped backends (a pgbench run's backends have
      // exited by the second sample; without them its figure was the background processes', even negative).
      const own = Number(f[11]) + Number(f[12]);
      return {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        t: own,
        reaped: Number(f[13]) + Number(f[14]),
      };
    } catch {
      return null;
    }
  };
  let db = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const x = ticks(pid);
    if (x?.comm === 'postgres') db += x.t + x.reaped;
  }
  const own = process.cpuUsage();
  return { server: (ticks(serverPid)?.t ?? 0) / 100, db: db / 100, client: (own.user + own.system) / 1e6 };
}

async function salesLoad(port, fixtures, serverPid, { withDevice = false, approve = null } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: AGENTS + 4 });
  const tokens = await loginAll(agent, port, fixtures.agents, { withDevice });
  // New devices wait for approval: the company (`approve`: its database and id) approves them all first.
  if (approve)
    await approve.raw.query("UPDATE terminals SET state = 'approved' WHERE company_id = $1", [approve.companyId]);
  const latencies = [];
  let ok = 0;
  let refused = 0;
  let failed = 0;
  let measuring = false;
  let running = true;
  const loop = async (token) => {
    while (running) {
      const t0 = performance.now();
      const r = await request(agent, port, 'POST', '/api/agents/fiches', randomTicket(fixtures.tirages), token);
      const dt = performance.now() - t0;
      if (!measuring) continue;
      latencies.push(dt);
      if (r.status === 200) ok++;
      else if (r.status === 409) refused++;
      else {
        failed++;
        if (failed <= 3) console.error(`sale ${r.status}: ${r.body.slice(0, 200)}`);
      }
    }
  };
  const loops = tokens.map((t) => loop(t));
  await sleep(3000); // warm-up
  measuring = true;
  const t0 = performance.now();
  const cpu0 = cpuNow(serverPid);
  await sleep(SECONDS * 1000);
  measuring = false;
  const cpu1 = cpuNow(serverPid);
  const elapsed = (performance.now() - t0) / 1000;
  // CPU milliseconds per sale: the Node server, PostgreSQL (every backend of the machine), the load client.
  const perSale = (k) => ((cpu1[k] - cpu0[k]) * 1000) / Math.max(1, ok);
  log(
    `  CPU per sale: server ${perSale('server').toFixed(2)} ms, database ${perSale('db').toFixed(2)} ms, client ${perSale('client').toFixed(2)} ms`,
  );
  running = false;
  await Promise.all(loops);
  agent.destroy();
  return {
    salesPerSecond: ok / elapsed,
    // Sold or refused by a limit: a refusal runs the whole sale and rolls it back. The comparisons below
    // use it: phase after phase the day's counters fill up and more sales are refused, so the sold ones
    // alone would measure the limits, not the checks.
    answeredPerSecond: (ok + refused) / elapsed,
    ok,
    refused,
    failed,
    serverCpuMs: perSale('server'),
    dbCpuMs: perSale('db'),
    tokens,
    ...stats(latencies),
  };
}

/**
 * Open loop: sales arriving at random (a Poisson process: exponential gaps) at `rate` a second for
 * SECONDS, each by an agent drawn at random. An agent may have two sales in flight at once (arrivals
 * do not wait for each other, as they would not at a real counter of several agents sharing nothing);
 * at this rate it is rare. The latency counts from the sale's scheduled arrival, so time spent queued
 * anywhere (the client, the server, the database) is in it.
 */
async function openLoad(port, fixtures, tokens, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const latencies = [];
  let ok = 0;
  let refused = 0;
  let failed = 0;
  const inFlight = new Set();
  const start = performance.now() + 100;
  const end = start + SECONDS * 1000;
  let due = start;
  const sell = async (at) => {
    const r = await request(agent, port, 'POST', '/api/agents/fiches', randomTicket(fixtures.tirages), pick(tokens));
    latencies.push(performance.now() - at);
    if (r.status === 200) ok++;
    else if (r.status === 409) refused++;
    else {
      failed++;
      if (failed <= 3) console.error(`sale ${r.status}: ${r.body.slice(0, 200)}`);
    }
  };
  while (due < end) {
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    // Every arrival already due is sent now, stamped with its own scheduled time.
    while (due <= performance.now() && due < end) {
      const p = sell(due);
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
      due += -Math.log(1 - Math.random()) * (1000 / rate);
    }
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { ok, refused, failed, ...stats(latencies) };
}
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/* ---------- pgbench on the same server ---------- */

function pgbench(url) {
  const init = spawnSync('pgbench', ['-i', '-s', '10', '-q', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  const run = spawnSync('pgbench', ['-c', '8', '-j', '2', '-T', String(SECONDS), url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!m) throw new Error(`pgbench: ${run.stdout} ${run.stderr}`);
  return Number(m[1]);
}

/**
 * The same sales without HTTP nor Node: pgbench calls borlette_sell directly (8 clients), with
 * random tickets of the same shape built in SQL — the database's own ceiling for this sale.
 */
function pgbenchSales(url, fixtures) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'borlette-pgbench-')), 'sell.sql');
  writeFileSync(file, pgbenchSaleScript(fixtures));
  const run = spawnSync(
    'pgbench',
    ['-n', '-c', '8', '-j', '2', '-T', String(SECONDS), '-M', 'prepared', '-f', file, url],
    {
      encoding: 'utf8',
    },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  const n = /number of transactions actually processed: (\d+)/.exec(run.stdout);
  return { tps: m ? Number(m[1]) : Number.NaN, sales: n ? Number(n[1]) : Number.NaN };
}

/* ---------- settlement of LINES bet lines ---------- */

async function settlementFigures(raw) {
  const [c] = await raw.query(
    `INSERT INTO companies (ref_code, name, country_id) SELECT 'SETTLE' || $1, 'Settlement bench', id FROM countries
      WHERE name_code = 'HT' RETURNING id`,
    [randomBytes(3).toString('hex').toUpperCase()],
  );
  await raw.query('SELECT borlette_init_company($1)', [c.id]);
  const [s] = await raw.query("INSERT INTO surcussales (company_id, name) VALUES ($1, 'S') RETURNING id", [c.id]);
  const [a] = await raw.query(
    `INSERT INTO users (username, role, company_id, surcussale_id, password_hash)
     VALUES ('settle_' || $1, 'agent', $2, $3, 'x') RETURNING id`,
    [randomBytes(3).toString('hex'), c.id, s.id],
  );
  const [t] = await raw.query(
    `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     VALUES ($1, 'Settle', '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open') RETURNING id`,
    [c.id],
  );
  const tickets = Math.ceil(LINES / 6.5);
  log(`settlement: ${LINES.toLocaleString('fr-FR')} lines on ${tickets.toLocaleString('fr-FR')} tickets…`);
  const t0 = performance.now();
  // The lines a sale would have written (same columns, realistic mix), generated in bulk.
  await raw.query(
    `INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash, sale_date,
                         amount, commission_bp, commission_amount)
     SELECT $1::bigint, 900000000 + k, md5('s' || k::text || $1::bigint::text), $2, $3, 'k' || k, 'h', current_date, 0, 1000, 0
       FROM generate_series(1, $4) k`,
    [c.id, a.id, s.id, tickets],
  );
  await raw.query(
    `INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount)
     SELECT $1, id, $2, current_date, 0 FROM fiches WHERE company_id = $1`,
    [c.id, t.id],
  );
  const [{ first: firstId }] = await raw.query('SELECT min(id) AS first FROM fiches WHERE company_id = $1', [c.id]);
  await raw.query(
    `INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2,
                              prime3, template, cumulative)
     SELECT $1, $5::bigint + k % $4, $2, current_date, k % 7 + 1, x.code,
            CASE x.code WHEN 20 THEN lpad((r % 100)::text, 2, '0')
                        WHEN 40 THEN lpad((r % 50)::text, 2, '0') || '*' || lpad((50 + r % 50)::text, 2, '0')
                        WHEN 30 THEN lpad((r % 1000)::text, 3, '0')
                        ELSE lpad((r % 10000)::text, 4, '0') END,
            100 * (1 + r % 50),
            CASE x.code WHEN 20 THEN 50 WHEN 40 THEN 1000 WHEN 30 THEN 500 ELSE 5000 END,
            CASE WHEN x.code = 20 THEN 20 END, CASE WHEN x.code = 20 THEN 10 END,
            CASE WHEN x.code = 41 THEN '{lot2}{lot3}' END, true
       FROM generate_series(0, $3 - 1) k
       CROSS JOIN LATERAL (SELECT (k * 2654435761) % 1000003 AS r) rr
       CROSS JOIN LATERAL (SELECT CASE WHEN r % 10 < 5 THEN 20 WHEN r % 10 < 7 THEN 40 WHEN r % 10 < 9 THEN 30 ELSE 41 END AS code) x`,
    [c.id, t.id, LINES, tickets, firstId],
  );
  await raw.query('ANALYZE fiche_lines');
  await raw.query('ANALYZE fiches');
  await raw.query('ANALYZE fiche_tirages');
  log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const count = async () => {
    const t1 = performance.now();
    const [r] = await raw.query(
      'SELECT count(*)::int AS n FROM fiche_lines WHERE company_id = $1 AND tirage_id = $2 AND draw_date = current_date',
      [c.id, t.id],
    );
    return { ms: performance.now() - t1, n: r.n };
  };
  await count(); // warm the cache as the settlement will find it
  const ref = await count();
  await raw.query(
    `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin)
     VALUES ($1, $2, current_date, '123', '4567', '23', '45', '67', 'manual')`,
    [c.id, t.id],
  );
  const t2 = performance.now();
  const [settled] = await raw.query('SELECT borlette_settle($1, $2, current_date, NULL, false) AS s', [c.id, t.id]);
  const first = performance.now() - t2;
  // A correction re-settles the same draw (winners of the old result back to 0, new winners).
  await raw.query(
    "UPDATE info_tirages SET pick3 = '999', pick4 = '0099', lot1 = '99', lot2 = '00', lot3 = '99' WHERE company_id = $1",
    [c.id],
  );
  const t3 = performance.now();
  const [corrected] = await raw.query('SELECT borlette_settle($1, $2, current_date, NULL, false) AS s', [c.id, t.id]);
  const correction = performance.now() - t3;
  return {
    lines: ref.n,
    countMs: ref.ms,
    firstMs: first,
    correctionMs: correction,
    settled: settled.s,
    corrected: corrected.s,
  };
}

async function settlement(raw) {
  const st = await settlementFigures(raw);
  add(
    `settlement of ${st.lines.toLocaleString('fr-FR')} lines (first result)`,
    st.firstMs / 1000,
    's',
    st.countMs / 1000,
    'SELECT count(*) over those lines',
  );
  add(
    `re-settlement after a correction`,
    st.correctionMs / 1000,
    's',
    st.countMs / 1000,
    'SELECT count(*) over those lines',
  );
  log(`  first: ${JSON.stringify(st.settled)}; correction: ${JSON.stringify(st.corrected)}`);
}

/* ---------- run ---------- */

const results = [];
const add = (name, value, unit, reference, refLabel) =>
  results.push({
    name,
    value: Math.round(value * 10) / 10,
    unit,
    reference: Math.round(reference * 10) / 10,
    referenceLabel: refLabel,
    ratio: Math.round((value / reference) * 1000) / 1000,
  });

await withScratchDatabase(
  {
    kind: 'engine',
    agents: AGENTS,
    pool: 4,
    ports: [3950, 40],
    keep: process.env.BENCH_KEEP === '1',
    kept: (name) => `base conservée : ${name}`,
  },
  async ({ url, port, database, fixtures, serve }) => {
    const company = { raw: database.raw, companyId: fixtures.companyId };
    log(`sales on PostgreSQL: ${AGENTS} agents for ${SECONDS} s through HTTP…`);
    const server = await serve();
    let pgSales;
    let pgOpen;
    try {
      pgSales = await salesLoad(port, fixtures, server.pid);
      log(
        `  open loop: Poisson arrivals at ${(pgSales.salesPerSecond / 2).toFixed(0)}/s (half the peak) for ${SECONDS} s…`,
      );
      pgOpen = await openLoad(port, fixtures, pgSales.tokens, pgSales.salesPerSecond / 2);
      log(`  ${pgOpen.ok} sold, ${pgOpen.refused} refused by limits (409), ${pgOpen.failed} failed`);
      // Issue 20's checks on: every agent on an approved terminal of its own (the session's state is read
      // with the session) and under a credit ceiling it never reaches (the sale sums its ledger days).
      log(`the same sales with the terminal and credit checks on: ${AGENTS} agents for ${SECONDS} s…`);
      await database.raw.query(
        'UPDATE company_settings SET terminal_approval = true, credit_limit = 100000000000000 WHERE company_id = $1',
        [fixtures.companyId],
      );
      const checks = await salesLoad(port, fixtures, server.pid, { withDevice: true, approve: company });
      log(`  ${checks.ok} sold, ${checks.refused} refused (409), ${checks.failed} failed`);
      await database.raw.query(
        'UPDATE company_settings SET terminal_approval = false, credit_limit = NULL WHERE company_id = $1',
        [fixtures.companyId],
      );
      // The reference brackets the checks: the load with them off before (the first phase) and just after
      // (the day's counters and limits fill up phase after phase: the first phase alone flatters the off side).
      log(`  and with them off again: ${AGENTS} agents for ${SECONDS} s…`);
      const checksOff = await salesLoad(port, fixtures, server.pid);
      log(`  ${checksOff.ok} sold, ${checksOff.refused} refused (409), ${checksOff.failed} failed`);
      add(
        'sales answered/s, HTTP, PostgreSQL, terminal + credit checks on',
        checks.answeredPerSecond,
        '/s',
        (pgSales.answeredPerSecond + checksOff.answeredPerSecond) / 2,
        'the same load with the checks off, before and after (target ≥ 0.9)',
      );
      add(
        'sale latency p99, PostgreSQL, checks on',
        checks.p99,
        'ms',
        (pgSales.p99 + checksOff.p99) / 2,
        'p99 with the checks off (before and after)',
      );
      // Issue 22 §2: every automatic rule on, each evaluated on every line, none refusing (limits far above
      // what the load sells), beside the same load with them off just before and just after (the mean of
      // the two: a machine whose load drifts during the run biases neither side).
      log(`the same sales with the automatic limit rules off: ${AGENTS} agents for ${SECONDS} s…`);
      const rulesOffBefore = await salesLoad(port, fixtures, server.pid, {
        withDevice: true,
        approve: company,
      });
      log(`  ${rulesOffBefore.ok} sold, ${rulesOffBefore.refused} refused (409), ${rulesOffBefore.failed} failed`);
      log(`the same sales with every automatic limit rule on: ${AGENTS} agents for ${SECONDS} s…`);
      await database.raw.query(
        `INSERT INTO risk_rules (company_id, share_on, share_bp, share_floor, share_games, late_on, late_minutes,
                               late_factor_bp, date_on, date_amount, digit_on, digit_amount, digits, pair_balls)
       VALUES ($1, true, 1000, 100000000000, '{bolet,mariage,loto3,loto4,loto5}', true, 720, 10000, true,
               100000000000, true, 100000000000, '7', '{12,34}')`,
        [fixtures.companyId],
      );
      const rulesOn = await salesLoad(port, fixtures, server.pid, { withDevice: true, approve: company });
      log(`  ${rulesOn.ok} sold, ${rulesOn.refused} refused (409), ${rulesOn.failed} failed`);
      await database.raw.query('DELETE FROM risk_rules WHERE company_id = $1', [fixtures.companyId]);
      log(`  and with them off again: ${AGENTS} agents for ${SECONDS} s…`);
      const rulesOff = await salesLoad(port, fixtures, server.pid, { withDevice: true, approve: company });
      log(`  ${rulesOff.ok} sold, ${rulesOff.refused} refused (409), ${rulesOff.failed} failed`);
      add(
        'sales answered/s, HTTP, PostgreSQL, automatic rules on',
        rulesOn.answeredPerSecond,
        '/s',
        (rulesOffBefore.answeredPerSecond + rulesOff.answeredPerSecond) / 2,
        'the same load with the rules off, just before and after (target ≥ 0.9)',
      );
      add(
        'sale latency p99, PostgreSQL, rules on',
        rulesOn.p99,
        'ms',
        (rulesOffBefore.p99 + rulesOff.p99) / 2,
        'p99 with the rules off (before and after)',
      );
    } finally {
      await stopServer(server);
    }
    log(`pgbench -c 8 -j 2 -T ${SECONDS} (tpcb-like) on the same server…`);
    const tps = pgbench(url);
    add('sales/s, HTTP, PostgreSQL, 64 agents', pgSales.salesPerSecond, '/s', tps, `pgbench -c 8 -j 2 tpcb-like TPS`);
    add('sale latency p50, PostgreSQL', pgSales.p50, 'ms', 50, 'target p99 50 ms');
    add('sale latency p99, PostgreSQL', pgSales.p99, 'ms', 50, 'target p99 50 ms');
    add('sale latency p50, PostgreSQL, open loop at half peak', pgOpen.p50, 'ms', 50, 'target p99 50 ms');
    add('sale latency p99, PostgreSQL, open loop at half peak', pgOpen.p99, 'ms', 50, 'target p99 50 ms');
    add('server CPU per sale, PostgreSQL', pgSales.serverCpuMs, 'ms', 0.6, 'target 0.6 ms');
    log(`  ${pgSales.ok} sold, ${pgSales.refused} refused by limits (409), ${pgSales.failed} failed`);
    log(
      'the same sales without HTTP: pgbench -c 8 calling borlette_sell (limits and blocks lifted: a refusal aborts a pgbench client)…',
    );
    await database.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [fixtures.companyId]);
    await database.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [fixtures.companyId]);
    const cpu0 = cpuNow(process.pid);
    const { tps: direct, sales: directSales } = pgbenchSales(url, fixtures);
    const dbPerDirect = ((cpuNow(process.pid).db - cpu0.db) * 1000) / directSales;
    add(
      'database CPU per sale, PostgreSQL',
      pgSales.dbCpuMs,
      'ms',
      dbPerDirect,
      'database CPU per borlette_sell under pgbench',
    );
    add(
      'sales/s, HTTP, PostgreSQL, 64 agents',
      pgSales.salesPerSecond,
      '/s',
      direct,
      'pgbench -c 8 calling borlette_sell (no HTTP)',
    );
    add('sales/s, borlette_sell alone (pgbench)', direct, '/s', tps, 'pgbench -c 8 -j 2 tpcb-like TPS');

    if (process.env.BENCH_SKIP_PGLITE !== '1') {
      const dir = mkdtempSync(path.join(tmpdir(), 'borlette-bench-pglite-'));
      try {
        const lite = await openPglite(path.join(dir, 'pglite'));
        await prepareDatabase(lite, { demo: false });
        const liteFixtures = await seedSelling(lite.raw, hashPassword, AGENTS);
        await lite.close();
        log(`sales on the embedded PGlite: ${AGENTS} agents for ${SECONDS} s through HTTP…`);
        const server2 = startServer({ DATABASE_URL: '', DATA_DIR: dir }, port + 1);
        try {
          await untilUp(port + 1);
          const liteSales = await salesLoad(port + 1, liteFixtures, server2.pid);
          add(
            'sales/s, HTTP, PGlite, 64 agents',
            liteSales.salesPerSecond,
            '/s',
            tps,
            'pgbench TPS (PostgreSQL, same run)',
          );
          add('sale latency p50, PGlite', liteSales.p50, 'ms', 50, 'target p99 50 ms');
          add('sale latency p99, PGlite', liteSales.p99, 'ms', 50, 'target p99 50 ms');
          log(`  ${liteSales.ok} sold, ${liteSales.refused} refused by limits (409), ${liteSales.failed} failed`);
          log(
            `  open loop: Poisson arrivals at ${(liteSales.salesPerSecond / 2).toFixed(0)}/s (half the peak) for ${SECONDS} s…`,
          );
          const liteOpen = await openLoad(port + 1, liteFixtures, liteSales.tokens, liteSales.salesPerSecond / 2);
          log(`  ${liteOpen.ok} sold, ${liteOpen.refused} refused by limits (409), ${liteOpen.failed} failed`);
          add('sale latency p50, PGlite, open loop at half peak', liteOpen.p50, 'ms', 200, 'target p99 200 ms');
          add('sale latency p99, PGlite, open loop at half peak', liteOpen.p99, 'ms', 200, 'target p99 200 ms');
          // PGlite runs in the server's process: its CPU is the database's too.
          add('server CPU per sale, PGlite', liteSales.serverCpuMs, 'ms', 0.6, 'target 0.6 ms (server alone)');
        } finally {
          await stopServer(server2);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }

    if (process.env.BENCH_SKIP_SETTLEMENT !== '1') await settlement(database.raw);
  },
);

const w = Math.max(...results.map((r) => r.name.length));
console.log(`\n${'figure'.padEnd(w)}  ${'value'.padStart(10)}  ${'reference'.padStart(10)}  ratio    reference is`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padStart(10)}  ${`${r.reference} ${r.unit}`.padStart(10)}  ${String(r.ratio).padEnd(7)}  ${r.referenceLabel}`,
  );
}
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const file = path.join(ROOT, '.bench/engine.json');
writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, agents: AGENTS, results }, null, 2)}\n`,
);
console.log(`\nRésultats : ${path.relative(ROOT, file)}`);

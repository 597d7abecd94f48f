// `node scripts/bench-cluster.mjs`: past one machine, on this machine (issue 19 §3). Starts the real
// pieces (scripts/lib/cluster-pieces.mjs): a PostgreSQL primary and a streaming replica of it
// (pg_basebackup), PgBouncer in transaction mode in front of the primary, two server instances
// (scripts/start.mjs, DATABASE_POOLER=transaction, reports on the replica) behind nginx (round robin, no
// stickiness). Agents sell and a company admin reads reports through nginx, in phases:
//   reference  the same load on ONE instance straight to the primary (no nginx, no PgBouncer, no replica);
//   steady     the cluster; the replica's lag sampled on the primary (pg_stat_replication);
//   replica    the replica stopped (pg_ctl stop -m fast): reports fall back to the primary;
//   killed     one instance SIGKILLed mid-load: nginx sends its requests to the other.
// A sale that gets no 200 (a transport error, 5xx) is sent again with the SAME idempotency key, as the
// POS does. At the end every acknowledged sale is looked up in the database: found once, with the id the
// client was given. Migrations run through PgBouncer (both instances at once). .bench/cluster.json.
// Env: BENCH_CLUSTER_SECONDS (steady phase, 20), BENCH_CLUSTER_AGENTS (32), BENCH_CLUSTER_READERS (2).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { loginAll, seedSelling, sleep, src, stats, untilUp } from './lib/bench-kit.mjs';
import { printBenchResults, writeBenchResults } from './lib/bench-results.mjs';
import { acked, attempted, endPhase, load, newPhase, refusals, sampleLag } from './lib/cluster-load.mjs';
import {
  cleanup,
  ensurePackages,
  freePorts,
  killGroup,
  startInstance,
  startNginx,
  startPgbouncer,
  startPrimary,
  startReplica,
  stopGroup,
  workDir,
} from './lib/cluster-pieces.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

register();
const STEADY = Number(process.env.BENCH_CLUSTER_SECONDS ?? 20);
const SHORT = Math.max(5, Math.round(STEADY / 2));
const AGENTS = Number(process.env.BENCH_CLUSTER_AGENTS ?? 32);
const READERS = Number(process.env.BENCH_CLUSTER_READERS ?? 2);
const DB = 'borlette';
const sizes = { agents: AGENTS, readers: READERS };
const log = (...a) => console.log(...a);
const startedAt = performance.now();
const { hashPassword } = await import(src('lib/password.ts'));
const { openPostgres } = await import(src('db/client.ts'));

const results = [];
const add = (name, value, unit, reference, referenceLabel) =>
  results.push({ name, value, unit, reference, referenceLabel });

/* ---------- the run ---------- */

async function main() {
  ensurePackages();
  if (!ensureWebBuild()) throw new Error('la construction de l’application web a échoué');
  const dir = workDir();
  const [pPrimary, pReplica, pBouncer, pNginx, pA, pB, pRef] = await freePorts(7);
  log(`cluster: ${dir} — primaire :${pPrimary}, réplique :${pReplica}, PgBouncer :${pBouncer}, nginx :${pNginx}`);
  const primary = startPrimary(dir, pPrimary);
  {
    const c = new pg.Client({ connectionString: primary.url('postgres') });
    await c.connect();
    await c.query(`CREATE DATABASE ${DB}`);
    await c.end();
  }
  const replica = startReplica(dir, primary, pReplica);
  const bouncer = await startPgbouncer(dir, primary, DB, pBouncer, 24);
  // Both instances at once through PgBouncer: one migrates, the other waits on the lock and finds it done.
  const env = (port) => ({
    DATABASE_URL: bouncer.url,
    DATABASE_POOLER: 'transaction',
    REPORTS_DATABASE_URL: replica.url(DB),
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    PORT: String(port),
    TRUST_PROXY: '1',
  });
  let t = performance.now();
  const a = startInstance(env(pA));
  const b = startInstance(env(pB));
  await Promise.all([untilUp(pA), untilUp(pB)]);
  log(`2 instances prêtes (migrations par PgBouncer) en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const nginx = await startNginx(dir, pNginx, [pA, pB]);

  const seeding = await openPostgres(bouncer.url, { max: 2, pooler: 'transaction' });
  const fixtures = await seedSelling(seeding.raw, hashPassword, AGENTS, { limitScale: 1000 });
  await seeding.close();
  const front = { port: nginx.port };
  const tokens = await loginAll(new http.Agent({ keepAlive: true }), front.port, fixtures.agents);
  const [adminToken] = await loginAll(new http.Agent(), front.port, [fixtures.admin]);

  // Reference: one instance straight to the primary (no nginx, no PgBouncer, reports on the primary).
  t = performance.now();
  const ref = startInstance({
    ...env(pRef),
    DATABASE_URL: primary.url(DB),
    DATABASE_POOLER: 'none',
    REPORTS_DATABASE_URL: '',
  });
  await untilUp(pRef);
  newPhase('chauffe');
  let running = load({ port: pRef }, tokens, adminToken, fixtures, sizes);
  await sleep(4000); // warm-up
  const reference = newPhase('référence');
  await sleep(SHORT * 1000);
  endPhase(reference);
  await running.stop();
  await stopGroup(ref);

  newPhase('chauffe');
  running = load(front, tokens, adminToken, fixtures, sizes);
  await sleep(4000);
  const steady = newPhase('cluster');
  let lagDone = false;
  const lagSampling = sampleLag(primary.url(DB), () => lagDone);
  await sleep(STEADY * 1000);
  lagDone = true;
  const lag = await lagSampling;
  endPhase(steady);

  const noReplica = newPhase('réplique arrêtée');
  replica.stop();
  log('réplique arrêtée (pg_ctl stop -m fast)');
  await sleep(SHORT * 1000);
  endPhase(noReplica);

  const killed = newPhase('instance tuée');
  killGroup(b, 'SIGKILL');
  log('une instance tuée (SIGKILL)');
  await sleep(SHORT * 1000);
  endPhase(killed);
  await running.stop();

  // Every acknowledged sale, once, with the id its client was given.
  const check = new pg.Client({ connectionString: primary.url(DB) });
  await check.connect();
  const { rows } = await check.query(
    'SELECT idempotency_key AS key, count(*)::int AS n, min(id) AS id FROM fiches WHERE company_id = $1 GROUP BY 1',
    [fixtures.companyId],
  );
  await check.end();
  const inDb = new Map(rows.map((r) => [r.key, r]));
  let lost = 0;
  let mismatched = 0;
  for (const [key, id] of acked) {
    const found = inDb.get(key);
    if (!found) lost++;
    else if (Number(found.id) !== Number(id)) mismatched++;
  }
  const doubled = rows.filter((r) => r.n > 1).length + rows.filter((r) => !attempted.has(r.key)).length;
  const ackedInDb = [...acked.keys()].filter((k) => inDb.get(k)?.n === 1).length;
  const unacked = rows.filter((r) => !acked.has(r.key)).length;
  await stopGroup(a);
  await stopGroup(nginx.child);
  await stopGroup(bouncer.child);

  /* ---------- figures ---------- */
  const rate = (p) => p.sales / p.seconds;
  const reads = (p) => p.reads / p.seconds;
  const s = (p) => stats(p.saleMs);
  const r = (p) => stats(p.readMs);
  for (const p of [reference, steady, noReplica, killed]) {
    log(
      `  ${p.name.padEnd(17)} ${rate(p).toFixed(0).padStart(5)} ventes/s  p99 ${s(p).p99?.toFixed(0)} ms  ` +
        `${reads(p).toFixed(1)} rapports/s p99 ${r(p).p99?.toFixed(0)} ms  réponses en échec ${p.failedAnswers}, ` +
        `rejouées ${p.replayed}, refusées ${p.refused}, rapports en erreur ${p.readErrors}`,
    );
  }
  const one = 'one instance straight to PostgreSQL, same run';
  add(`sales/s, 2 instances behind nginx + PgBouncer, ${AGENTS} agents`, rate(steady), '/s', rate(reference), one);
  add('sale latency p99, cluster', s(steady).p99, 'ms', s(reference).p99, one);
  add('report reads/s, cluster (on the replica)', reads(steady), '/s', reads(reference), `${one} (reports on it)`);
  add('report read p99, cluster (on the replica)', r(steady).p99, 'ms', r(reference).p99, one);
  add('replica lag p50 (replay, bytes)', lag.bytes.p50, 'B', lag.walPerSecond, 'WAL written per second');
  add('replica lag max (replay, bytes)', lag.maxBytes, 'B', lag.walPerSecond, 'WAL written per second');
  add('replica replay_lag p99', lag.ms.p99, 'ms', s(steady).p99, 'sale latency p99, same phase');
  add('sales/s, replica stopped', rate(noReplica), '/s', rate(steady), 'cluster, replica up');
  add(
    'report reads answered, replica stopped',
    noReplica.reads - noReplica.readErrors,
    '',
    noReplica.reads,
    'reads sent',
  );
  add('report read p99, replica stopped (primary)', r(noReplica).p99, 'ms', r(steady).p99, 'on the replica');
  add('sales/s, one instance killed', rate(killed), '/s', rate(steady), 'cluster, both instances');
  add('sale latency p99, one instance killed', s(killed).p99, 'ms', s(steady).p99, 'cluster, both instances');
  const all = [reference, steady, noReplica, killed];
  const sum = (k) => all.reduce((n, p) => n + p[k], 0);
  add('sale answers failed (client retried)', sum('failedAnswers'), '', acked.size, 'sales acknowledged');
  add('sales acknowledged, found once in the db', ackedInDb, '', acked.size, 'sales acknowledged');
  add('sales lost', lost, '', acked.size, 'sales acknowledged');
  add('sales doubled', doubled, '', acked.size, 'sales acknowledged');
  printBenchResults(results);
  log(
    `\nventes acquittées ${acked.size}, en base ${ackedInDb}, doublées ${doubled}, perdues ${lost}, ` +
      `id différent ${mismatched}, jamais acquittées ${sum('neverAcked')}, en base sans accusé ${unacked}, ` +
      `retrouvées au rejeu ${sum('replayed')}, refus du moteur ${JSON.stringify(Object.fromEntries(refusals))} — ${((performance.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  writeBenchResults('cluster', {
    node: process.version,
    agents: AGENTS,
    readers: READERS,
    seconds: { steady: STEADY, others: SHORT },
    phases: all.map((p) => ({
      name: p.name,
      seconds: p.seconds,
      sales: p.sales,
      salesPerSecond: rate(p),
      saleP99: s(p).p99,
      reads: p.reads,
      readErrors: p.readErrors,
      readP99: r(p).p99,
      failedAnswers: p.failedAnswers,
      replayed: p.replayed,
      refused: p.refused,
    })),
    lag,
    check: {
      acknowledged: acked.size,
      inDb: ackedInDb,
      doubled,
      lost,
      mismatched,
      unacked,
      neverAcked: sum('neverAcked'),
    },
    results,
  });
  const broken = lost + doubled + mismatched + sum('neverAcked') + unacked + noReplica.readErrors + killed.readErrors;
  if (broken > 0) {
    console.error('bench-cluster : des ventes perdues, doublées ou sans réponse, ou des rapports en erreur');
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (err) {
  console.error(`bench-cluster : ${err instanceof Error ? err.stack : err}`);
  process.exitCode = 1;
} finally {
  cleanup();
}

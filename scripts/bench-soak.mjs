// `node scripts/bench-soak.mjs`: a soak run on PostgreSQL — the server in its own process under mixed
// traffic for BENCH_SOAK_SECONDS (600): agents selling (with a little think time), the back office
// reading reports, dashboards, statistics and lists. Prints per minute the p99 of sales and of
// back-office reads and the server's resident memory, then the last minute against the first (the
// reference measured in the same run): p99 should stay within 2x, memory flat. Nothing is asserted.
// Env: TEST_DATABASE_URL, BENCH_SOAK_SECONDS (600), BENCH_SOAK_AGENTS (32), BENCH_SOAK_READERS (4),
// BENCH_SOAK_KEEP=1 to keep the soak's database afterwards (its name is printed) for investigation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { register } from 'tsx/esm/api';
import { loginAll, ROOT, randomTicket, request, sleep, stats } from './lib/bench-kit.mjs';
import { withScratchDatabase } from './lib/scratch-database.mjs';

register();
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const AGENTS = Number(process.env.BENCH_SOAK_AGENTS ?? 32);
const READERS = Number(process.env.BENCH_SOAK_READERS ?? 4);

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const day = (offset) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

const minutes = [];
await withScratchDatabase(
  {
    kind: 'soak',
    agents: AGENTS,
    limitScale: 100,
    pool: 2,
    ports: [4050, 40],
    keep: process.env.BENCH_SOAK_KEEP === '1',
  },
  async ({ port, database, fixtures: fx, serve }) => {
    const server = await serve();
    const agent = new http.Agent({ keepAlive: true, maxSockets: AGENTS + READERS + 4 });
    const tokens = await loginAll(agent, port, fx.agents);
    const [adminToken] = await loginAll(agent, port, [fx.admin]);
    const e = day(1);
    const s30 = day(-30);
    const reads = [
      `/api/companies/app?start_date=${day(0)}&end_date=${e}`,
      `/api/companies/rapports?start_date=${s30}&end_date=${e}&filter_choice=agent`,
      `/api/companies/rapports-agent?start_date=${s30}&end_date=${e}`,
      `/api/companies/statistiques?start_date=${s30}&end_date=${e}`,
      `/api/companies/app-journalier?start_date=${s30}&end_date=${e}`,
      '/api/companies/list-agent?page=1',
      '/api/companies/fiche?page=1',
      `/api/companies/transactions?start_date=${s30}&end_date=${e}`,
    ];

    const endpoint = (url) => url.replace(/\?.*$/, '').replace('/api/companies/', '');
    const fresh = () => ({
      sales: [],
      reads: [],
      byEndpoint: new Map(),
      ok: 0,
      refused: 0,
      failed: 0,
      rss: [],
      numbers: 0,
    });
    let window = fresh();
    let running = true;
    const fail = (what, r) => {
      window.failed++;
      if (window.failed <= 3) console.error(`${what} ${r.status}: ${r.body.slice(0, 200)}`);
    };
    const seller = async (token) => {
      while (running) {
        const t0 = performance.now();
        const r = await request(agent, port, 'POST', '/api/agents/fiches', randomTicket(fx.tirages), token);
        window.sales.push(performance.now() - t0);
        if (r.status === 200) window.ok++;
        else if (r.status === 409) window.refused++;
        else fail('sale', r);
        await sleep(Math.random() * 100);
      }
    };
    const reader = async (k) => {
      let i = k;
      while (running) {
        const t0 = performance.now();
        const url = reads[i++ % reads.length];
        const r = await request(agent, port, 'GET', url, undefined, adminToken);
        const ms = performance.now() - t0;
        window.reads.push(ms);
        const key = endpoint(url);
        window.byEndpoint.set(key, [...(window.byEndpoint.get(key) ?? []), ms]);
        if (r.status !== 200) fail('read', r);
        else if (key === 'statistiques') window.numbers = Math.max(window.numbers, JSON.parse(r.body).numbers);
        await sleep(100 + Math.random() * 200);
      }
    };
    const [{ autovacuum }] = await database.raw.query('SHOW autovacuum');
    console.log(
      `soak on PostgreSQL (autovacuum ${autovacuum}${autovacuum === 'off' ? ': the server vacuums and analyzes its tables itself' : ''}): ${AGENTS} agents selling, ${READERS} back-office readers, ${SECONDS} s…`,
    );
    const loops = [...tokens.map((t) => seller(t)), ...Array.from({ length: READERS }, (_, k) => reader(k))];
    const started = performance.now();
    const sampler = setInterval(() => window.rss.push(rssMb(server.pid)), 5000);
    const perMinute = Math.min(60, SECONDS);
    while ((performance.now() - started) / 1000 < SECONDS - 0.5) {
      await sleep(perMinute * 1000);
      const w = window;
      window = fresh();
      const row = {
        minute: minutes.length + 1,
        sales: w.ok,
        refused: w.refused,
        failed: w.failed,
        salesPerSecond: Math.round((w.ok / perMinute) * 10) / 10,
        saleP50: Math.round(stats(w.sales).p50),
        saleP99: Math.round(stats(w.sales).p99),
        readP50: Math.round(stats(w.reads).p50),
        readP99: Math.round(stats(w.reads).p99),
        rssMb: Math.round(rssMb(server.pid)),
        rssMaxMb: Math.round(Math.max(...w.rss, rssMb(server.pid))),
        readP99ByEndpoint: Object.fromEntries([...w.byEndpoint].map(([k, v]) => [k, Math.round(stats(v).p99)])),
        statisticsNumbers: w.numbers,
        // The reads whose answer does not grow with the sales (all but statistiques).
        readP99Bounded: Math.round(
          stats([...w.byEndpoint].filter(([k]) => k !== 'statistiques').flatMap(([, v]) => v)).p99,
        ),
      };
      minutes.push(row);
      console.log(
        `  min ${String(row.minute).padStart(2)}: ${row.salesPerSecond} ventes/s (${row.refused} refusées, ${row.failed} échecs), vente p50/p99 ${row.saleP50}/${row.saleP99} ms, lecture p50/p99 ${row.readP50}/${row.readP99} ms, RSS ${row.rssMb} Mo`,
      );
    }
    clearInterval(sampler);
    running = false;
    await Promise.all(loops);
    agent.destroy();
  },
);

const first = minutes[0];
const last = minutes[minutes.length - 1];
const results = [
  ['sale p99, last minute', last.saleP99, 'ms', first.saleP99, 'sale p99 of the first minute (target ≤ 2x)'],
  [
    'sale p99, worst minute',
    Math.max(...minutes.map((m) => m.saleP99)),
    'ms',
    first.saleP99,
    'sale p99 of the first minute (target ≤ 2x)',
  ],
  ['back-office p99, last minute', last.readP99, 'ms', first.readP99, 'read p99 of the first minute (target ≤ 2x)'],
  [
    'back-office p99 but statistiques',
    last.readP99Bounded,
    'ms',
    first.readP99Bounded,
    'the same of the first minute (target ≤ 2x)',
  ],
  ['server RSS, last minute', last.rssMb, 'MB', first.rssMb, 'RSS after the first minute (flat = 1.0)'],
  [
    'server RSS, highest sample',
    Math.max(...minutes.map((m) => m.rssMaxMb)),
    'MB',
    first.rssMb,
    'RSS after the first minute (flat = 1.0)',
  ],
].map(([n, value, unit, reference, referenceLabel]) => ({
  name: n,
  value,
  unit,
  reference,
  referenceLabel,
  ratio: Math.round((value / reference) * 1000) / 1000,
}));
const w = Math.max(...results.map((r) => r.name.length));
console.log(`\n${'figure'.padEnd(w)}  ${'value'.padStart(10)}  ${'reference'.padStart(10)}  ratio    reference is`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padStart(10)}  ${`${r.reference} ${r.unit}`.padStart(10)}  ${String(r.ratio).padEnd(7)}  ${r.referenceLabel}`,
  );
}
console.log('\nback-office reads, p99 per endpoint (ms): first minute → last minute');
for (const key of Object.keys(first.readP99ByEndpoint)) {
  const a = first.readP99ByEndpoint[key];
  const b = last.readP99ByEndpoint[key];
  console.log(
    `  ${key.padEnd(w)}  ${String(a).padStart(6)} → ${String(b).padStart(6)}  ×${Math.round((b / a) * 100) / 100}`,
  );
}
// The statistics answer every number sold in the period: their count grows with the sales (up to the
// games' space), and so does the work. Its cost per number tells a slower server from a bigger answer.
const perNumber = (m) => Math.round((m.readP99ByEndpoint.statistiques / Math.max(m.statisticsNumbers, 1)) * 1e6) / 1e3;
console.log(
  `statistiques: ${first.statisticsNumbers} → ${last.statisticsNumbers} numbers in the period (×${Math.round((last.statisticsNumbers / Math.max(first.statisticsNumbers, 1)) * 100) / 100}); p99 per 1000 numbers ${perNumber(first)} → ${perNumber(last)} ms`,
);
const total = minutes.reduce((a, m) => a + m.sales, 0);
console.log(`${total} tickets sold over ${minutes.length} min; failures: ${minutes.reduce((a, m) => a + m.failed, 0)}`);
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const file = path.join(ROOT, '.bench/soak.json');
writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, agents: AGENTS, readers: READERS, minutes, results }, null, 2)}\n`,
);
console.log(`\nRésultats : ${path.relative(ROOT, file)}`);

// `npm run bench`: figures measured on this machine, each printed beside its reference measured in
// the same run; results also written to .bench/results.json. Nothing here is asserted.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureWebBuild, ROOT } from './lib/web-build.mjs';

const startedAt = Date.now();

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const results = [];
const add = (name, value, unit, reference, refLabel) =>
  results.push({
    name,
    value: round(value),
    unit,
    reference: round(reference),
    referenceLabel: refLabel,
    ratio: round(value / reference, 3),
  });
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function startServer(dataDir, port) {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.resume();
  child.stderr.on('data', (d) => process.stderr.write(d));
  return child;
}

async function untilLogin(port, started, timeoutMs = 120_000) {
  while (performance.now() - started < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/user/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
      });
      if (res.status === 200) return { ms: performance.now() - started, body: await res.json() };
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
  throw new Error('no successful login before the timeout');
}

async function stop(child) {
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/** Reference for start-up: a bare process that opens a fresh PGlite and runs one query. */
async function pgliteFloor(dir) {
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const c = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(${JSON.stringify(dir)}); await db.query('select 1'); await db.close();`,
      ],
      {
        cwd: path.join(ROOT, 'apps/server'),
        stdio: 'inherit',
      },
    );
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pglite floor exit ${code}`))));
  });
  return performance.now() - started;
}

async function startupFigures() {
  const dir = mkdtempSync(path.join(tmpdir(), 'borlette-bench-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  try {
    const floorEmpty = await pgliteFloor(path.join(dir, 'floor'));
    const floorExisting = await pgliteFloor(path.join(dir, 'floor'));
    let t = performance.now();
    let child = startServer(dir, port);
    const empty = await untilLogin(port, t);
    await stop(child);
    t = performance.now();
    child = startServer(dir, port);
    const existing = await untilLogin(port, t);
    const token = existing.body.accessToken;
    add(
      'start -> first login, empty embedded db',
      empty.ms,
      'ms',
      floorEmpty,
      'bare PGlite open + 1 query, new folder',
    );
    add(
      'start -> first login, existing embedded db',
      existing.ms,
      'ms',
      floorExisting,
      'bare PGlite open + 1 query, existing folder',
    );
    return { child, port, token, dir };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

async function pageWeight(port, token) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const measure = async (url, withToken) => {
    const context = await browser.newContext();
    if (withToken) {
      await context.addInitScript(
        ([t]) => {
          localStorage.setItem('accessToken', t);
          localStorage.setItem('role', 'company');
        },
        [token],
      );
    }
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') {
        try {
          scripts.set(res.url(), await res.body());
        } catch {
          /* redirected */
        }
      }
    });
    await page.goto(`http://127.0.0.1:${port}${url}`, { waitUntil: 'networkidle' });
    await sleep(300);
    let raw = 0;
    let gz = 0;
    for (const body of scripts.values()) {
      raw += body.length;
      gz += zlib.gzipSync(body, { level: 9 }).length;
    }
    await context.close();
    return { files: scripts.size, raw, gz };
  };
  const login = await measure('/auth/login', false);
  const dash = await measure('/dashboard/app', true);
  await browser.close();
  // Reference: every JavaScript file of the build, as if nothing were loaded lazily.
  const { readdirSync, readFileSync } = await import('node:fs');
  const assets = path.join(ROOT, 'apps/web/dist/assets');
  let all = 0;
  for (const f of readdirSync(assets))
    if (f.endsWith('.js')) all += zlib.gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length;
  add('JS for /auth/login (gzip)', login.gz / 1024, 'kB', 200, 'target 200 kB');
  add('JS for /auth/login (gzip) vs whole build', login.gz / 1024, 'kB', all / 1024, 'all JS of the build, gzip');
  add('JS for /dashboard/app (gzip)', dash.gz / 1024, 'kB', all / 1024, 'all JS of the build, gzip');
  return { login, dash };
}

if (!ensureWebBuild()) process.exit(1);
const { child, port, token, dir } = await startupFigures();
try {
  await pageWeight(port, token);
} finally {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
}

const w = Math.max(...results.map((r) => r.name.length));
console.log(`\n${'figure'.padEnd(w)}  ${'value'.padStart(9)}  ${'reference'.padStart(9)}  ratio   reference is`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padStart(9)}  ${`${r.reference} ${r.unit}`.padStart(9)}  ${String(r.ratio).padEnd(6)}  ${r.referenceLabel}`,
  );
}
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const file = path.join(ROOT, '.bench/results.json');
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), node: process.version, results }, null, 2));
console.log(`\nRésultats : ${path.relative(ROOT, file)}`);

// Lists on PostgreSQL (10 000 agents, 1 000 000 audit rows): skipped when PostgreSQL is not reachable.
if (process.env.BENCH_SKIP_LISTS !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-lists.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.log('bench-lists: échec (PostgreSQL joignable ? TEST_DATABASE_URL)');
}

// The selling engine on PostgreSQL and PGlite (sales through HTTP beside pgbench, settlement of
// 1 000 000 lines beside count(*)): scripts/bench-engine.mjs, written to .bench/engine.json.
if (process.env.BENCH_SKIP_ENGINE !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-engine.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.log('bench-engine: échec (PostgreSQL et pgbench joignables ? TEST_DATABASE_URL)');
}

// Reports and dashboards on 90 days, 500 agents, 5 000 000 lines: scripts/bench-reports.mjs
// (.bench/reports.json); BENCH_SKIP_REPORTS=1 to skip.
if (process.env.BENCH_SKIP_REPORTS !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-reports.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) console.log('bench-reports: échec (PostgreSQL joignable ? TEST_DATABASE_URL)');
}

// The point of sale at the counter under the sales load (« Vendre » → receipt bytes in Chromium, the live
// check beside the sale, /pos JavaScript, ESC/POS bytes): scripts/bench-pos.mjs (.bench/pos.json);
// BENCH_SKIP_POS=1 to skip.
if (process.env.BENCH_SKIP_POS !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-pos.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.log('bench-pos: échec (PostgreSQL joignable ? TEST_DATABASE_URL ; Chromium ?)');
}

// Issue 21: a result appearing at two (fake, local) official sources → every company's tickets settled,
// 100 companies following New York Soir and 1 000 000 lines, beside the publication and the settlement
// alone. scripts/bench-results.mjs (.bench/results-pipeline.json); BENCH_SKIP_RESULTS=1 to skip.
if (process.env.BENCH_SKIP_RESULTS !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-results.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) console.log('bench-results: échec (PostgreSQL joignable ? TEST_DATABASE_URL)');
}

// A soak of mixed traffic on PostgreSQL (10 minutes): p99 and the server's memory per minute, the last
// minute against the first. scripts/bench-soak.mjs (.bench/soak.json); BENCH_SKIP_SOAK=1 to skip.
if (process.env.BENCH_SKIP_SOAK !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-soak.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.log('bench-soak: échec (PostgreSQL joignable ? TEST_DATABASE_URL)');
}

// The risk center's live board (issue 22): update latency with 500 stream clients beside 1, and the sale
// throughput with them connected beside none. scripts/bench-exposure.mjs (.bench/exposure.json);
// BENCH_SKIP_EXPOSURE=1 to skip.
if (process.env.BENCH_SKIP_EXPOSURE !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-exposure.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) console.log('bench-exposure: échec (PostgreSQL joignable ? TEST_DATABASE_URL)');
}

// Past one machine, on this machine: a primary and a streaming replica, PgBouncer (transaction mode), two
// instances behind nginx; the replica stopped and an instance killed under the load, no sale lost or
// doubled. scripts/bench-cluster.mjs (.bench/cluster.json); BENCH_SKIP_CLUSTER=1 to skip.
if (process.env.BENCH_SKIP_CLUSTER !== '1') {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench-cluster.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) console.log('bench-cluster: échec (PostgreSQL 15, nginx, pgbouncer ? voir ci-dessus)');
}

// One machine-readable file of every figure of this run, each with its reference and ratio.
{
  const { existsSync, readFileSync: read } = await import('node:fs');
  const all = { at: new Date().toISOString(), node: process.version, suites: {} };
  for (const suite of [
    'results',
    'lists',
    'engine',
    'pos',
    'reports',
    'results-pipeline',
    'soak',
    'exposure',
    'cluster',
  ]) {
    const f = path.join(ROOT, `.bench/${suite}.json`);
    if (!existsSync(f)) continue;
    const data = JSON.parse(read(f, 'utf8'));
    // Only what this run wrote (a skipped suite leaves an older file behind).
    if (Date.parse(data.at) >= startedAt) all.suites[suite === 'results' ? 'start-and-weight' : suite] = data;
  }
  const out = path.join(ROOT, '.bench/all.json');
  writeFileSync(out, `${JSON.stringify(all, null, 2)}\n`);
  console.log(
    `\nTous les chiffres de cette exécution : ${path.relative(ROOT, out)} (${Object.keys(all.suites).join(', ')})`,
  );
}

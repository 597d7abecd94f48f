// `node scripts/bench-pos.mjs`: the point of sale at the counter, on PostgreSQL, with the server under the
// sales load of bench-engine (agents selling at once). Each figure beside a reference measured in the same
// run; nothing is asserted.
//  1. « Vendre » → receipt bytes handed to the printer, in real Chromium (/pos, a fake Web Serial port
//     records the bytes), p50/p99 — beside the sale's own HTTP latency under the same load.
//  2. The live check's p99 beside the sale's p99 (same load, same tickets).
//  3. ESC/POS bytes of a 10-line ticket beside the raster image of the same receipt (what a print
//     dialog / Android print service sends a 58 mm printer: 384 dots × its height).
//  4. The gzip JavaScript needed for /pos (target 250 kB).
// Env: TEST_DATABASE_URL, BENCH_SECONDS (20), BENCH_AGENTS (32), BENCH_POS_SALES (30).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import {
  ADMIN_URL,
  loginAll,
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
import { ensureWebBuild } from './lib/web-build.mjs';
import { printBenchResults, writeBenchResults } from './lib/bench-results.mjs';

register();

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 32);
const POS_SALES = Number(process.env.BENCH_POS_SALES ?? 30);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const log = (...a) => console.log(...a);
const { hashPassword } = await import(src('lib/password.ts'));
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const { ticketReceipt } = await import(path.join(ROOT, 'packages/shared/src/receipt/model.ts'));
const { ticketEscpos } = await import(path.join(ROOT, 'packages/shared/src/receipt/escpos.ts'));
const { posFakeSerial } = await import(path.join(ROOT, 'scripts/lib/fake-serial.mjs'));

const results = [];
const add = (name, value, unit, reference, referenceLabel) =>
  results.push({ name, value, unit, reference, referenceLabel });

/** Agents selling (and, for half of them, checking before selling) until `running.stop`. */
function load(port, tokens, tirages) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length + 4 });
  const sale = [];
  const check = [];
  const state = { measuring: false, running: true };
  const loop = async (token, withCheck) => {
    while (state.running) {
      const ticket = randomTicket(tirages);
      if (withCheck) {
        const t0 = performance.now();
        await request(agent, port, 'POST', '/api/agents/fiches/check', ticket, token);
        if (state.measuring) check.push(performance.now() - t0);
      }
      const t0 = performance.now();
      await request(agent, port, 'POST', '/api/agents/fiches', ticket, token);
      if (state.measuring) sale.push(performance.now() - t0);
    }
  };
  const loops = tokens.map((t, i) => loop(t, i % 2 === 0));
  return {
    state,
    sale,
    check,
    async stop() {
      state.running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** Sells POS_SALES tickets in /pos as `token`'s agent; the time from the click to the printed bytes. */
async function counter(port, token, tirage) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 420, height: 860 }, locale: 'fr-FR' });
    await context.addInitScript(posFakeSerial, { token });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`http://127.0.0.1:${port}/pos`, { waitUntil: 'networkidle' });
    let gz = 0;
    for (const body of scripts.values()) gz += zlib.gzipSync(body, { level: 9 }).length;
    const times = [];
    await page.getByRole('button', { name: new RegExp(tirage.name) }).first().click();
    for (let i = 0; i < POS_SALES; i++) {
      const entry = page.getByRole('textbox', { name: /pari/i });
      await entry.fill(`${String(i % 100).padStart(2, '0')} 10`);
      await entry.press('Enter');
      const before = await page.evaluate(() => window.__printed.length);
      const ms = await page.evaluate(async (count) => {
        const t0 = performance.now();
        window.__printedAt = 0;
        const button = [...document.querySelectorAll('button')].find((b) => /^Vendre/.test(b.textContent ?? ''));
        button.click();
        while (window.__printed.length === count || !window.__printedAt) await new Promise((r) => setTimeout(r, 2));
        return window.__printedAt - t0;
      }, before);
      times.push(ms);
      await page.keyboard.press('Escape');
    }
    return { ...stats(times), gz };
  } finally {
    await browser.close();
  }
}

/** The bytes of the receipt as a raster image: 384 dots (48 bytes) per row at 203 dpi on 58 mm paper. */
async function rasterBytes(port, fiche) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/fiche-view/${fiche.ref_code}`, { waitUntil: 'networkidle' });
    const mm = 25.4 / 96;
    const height = await page.evaluate(() => document.querySelector('.pos-receipt')?.getBoundingClientRect().height ?? 0);
    return Math.ceil(((height * mm) / 25.4) * 203) * 48;
  } finally {
    await browser.close();
  }
}

if (!ensureWebBuild()) process.exit(1);
const name = `borlette_bench_pos_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const port = 3930 + Math.floor(Math.random() * 20);
let database;
try {
  database = await openPostgres(url.toString(), { max: 4 });
  await prepareDatabase(database, { demo: false });
  const fixtures = await seedSelling(database.raw, hashPassword, AGENTS + 1, { limitScale: 1000 });
  const [tirage] = await database.raw.query('SELECT id, name FROM tirages WHERE id = $1', [fixtures.tirages[0]]);
  const server = startServer({ DATABASE_URL: url.toString(), WEB_DIST: path.join(ROOT, 'apps/web/dist') }, port);
  try {
    await untilUp(port);
    const agent = new http.Agent({ keepAlive: true });
    const tokens = await loginAll(agent, port, fixtures.agents);
    const counterToken = tokens.pop();
    log(`POS under load: ${tokens.length} agents selling (half check first), ${POS_SALES} sales in /pos…`);
    const running = load(port, tokens, fixtures.tirages);
    await sleep(3000);
    running.state.measuring = true;
    const pos = await counter(port, counterToken, tirage);
    const rest = SECONDS * 1000 - 0;
    await sleep(Math.max(0, rest / 4));
    running.state.measuring = false;
    await running.stop();
    const sale = stats(running.sale);
    const check = stats(running.check);
    add('« Vendre » → receipt bytes, p50 (under load)', pos.p50, 'ms', sale.p50, 'sale HTTP p50, same load');
    add('« Vendre » → receipt bytes, p99 (under load)', pos.p99, 'ms', sale.p99, 'sale HTTP p99, same load');
    add('live check p99 (under load)', check.p99, 'ms', sale.p99, 'sale p99, same load');
    add('live check p50 (under load)', check.p50, 'ms', sale.p50, 'sale p50, same load');
    add('JS for /pos (gzip)', pos.gz / 1024, 'kB', 250, 'target 250 kB');
    // A 10-line ticket, sold through the API, as ESC/POS and as a raster image.
    const lines = Array.from({ length: 10 }, (_, i) => ({ code: 20, number: String(i * 9).padStart(2, '0'), stake: 2500 }));
    const sold = await request(agent, port, 'POST', '/api/agents/fiches', {
      idempotency_key: `bench-${randomBytes(6).toString('hex')}`,
      tirages: [tirage.id],
      lines,
    }, counterToken);
    const fiche = JSON.parse(sold.body);
    const bytes = ticketEscpos(ticketReceipt(fiche, `http://127.0.0.1:${port}`), 58).length;
    add('ESC/POS bytes, 10-line ticket, 58 mm', bytes, 'B', await rasterBytes(port, fiche), 'raster image of the same receipt (384 dots)');
    agent.destroy();
  } finally {
    await stopServer(server);
  }
} finally {
  await database?.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

printBenchResults(results);
writeBenchResults('pos', { seconds: SECONDS, agents: AGENTS, results });

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
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import { loginAll, ROOT, randomTicket, request, sleep, stats } from './lib/bench-kit.mjs';
import { printBenchResults, writeBenchResults } from './lib/bench-results.mjs';
import { posFakeSerial } from './lib/fake-serial.mjs';
import { withScratchDatabase } from './lib/scratch-database.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

register();

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const AGENTS = Number(process.env.BENCH_AGENTS ?? 32);
const POS_SALES = Number(process.env.BENCH_POS_SALES ?? 30);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const log = (...a) => console.log(...a);

const results = [];
const add = (name, value, unit, reference, referenceLabel) =>
  results.push({ name, value, unit, reference, referenceLabel });

/** Agents selling (and, for half of them, checking before selling) until `running.stop`. */
function load(port, tokens, tirages) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length + 4 });
  const sale = [];
  const check = [];
  const state = { measuring: false, running: true, errors: 0, statuses: {} };
  // A timed call; a dropped connection is counted, not fatal (the load goes on).
  const timed = async (into, path, body, token) => {
    const t0 = performance.now();
    try {
      const r = await request(agent, port, 'POST', path, body, token);
      if (!state.measuring) return;
      into.push(performance.now() - t0);
      const key = `${path.endsWith('check') ? 'check' : 'sale'} ${r.status}`;
      state.statuses[key] = (state.statuses[key] ?? 0) + 1;
    } catch {
      state.errors++;
    }
  };
  const loop = async (token, withCheck) => {
    while (state.running) {
      const ticket = randomTicket(tirages);
      if (withCheck) await timed(check, '/api/agents/fiches/check', ticket, token);
      await timed(sale, '/api/agents/fiches', ticket, token);
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
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    await context.addInitScript(posFakeSerial, { token });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`http://127.0.0.1:${port}/pos`, { waitUntil: 'networkidle' });
    let gz = 0;
    for (const body of scripts.values()) gz += zlib.gzipSync(body, { level: 9 }).length;
    const times = [];
    const draw = page.getByRole('checkbox', { name: new RegExp(tirage.name) });
    const entry = page.getByRole('textbox', { name: 'Saisie des paris' });
    const sell = page.getByRole('main').getByRole('button', { name: 'Vendre', exact: true });
    for (let i = 0; i < POS_SALES; i++) {
      if (!(await draw.isChecked())) await draw.check();
      // Balls 20-89: the bench company blocks 13 (seedSelling).
      await entry.fill(`${String(20 + (i % 70))} 10`);
      await entry.press('Enter');
      const button = await sell.elementHandle();
      // Timed inside the page: the click, the sale, the receipt rendered as ESC/POS and written to the port.
      const ms = await button.evaluate(async (b) => {
        const before = window.__printedAt;
        const t0 = performance.now();
        b.click();
        while (window.__printedAt === before) {
          if (performance.now() - t0 > 30_000)
            throw new Error(
              `no receipt bytes 30 s after « Vendre »: ${[...document.querySelectorAll('[role=alert], [role=dialog]')].map((a) => a.textContent).join(' | ')}`,
            );
          await new Promise((r) => setTimeout(r, 1));
        }
        return window.__printedAt - t0;
      });
      times.push(ms);
      await page.getByRole('dialog').getByRole('button', { name: 'Nouvelle vente' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    // A 10-line ticket: the ESC/POS bytes the page wrote, and the height of the same receipt on screen
    // (58 mm wide) as a raster image would print it: 384 dots (48 bytes) per row at 203 dpi.
    if (!(await draw.isChecked())) await draw.check();
    for (let i = 0; i < 10; i++) {
      await entry.fill(`${String(i * 9).padStart(2, '0')} 25`);
      await entry.press('Enter');
    }
    const before = await page.evaluate(() => window.__printed);
    const beforeAt = await page.evaluate(() => window.__printedAt);
    await sell.click();
    await page.waitForFunction((at) => window.__printedAt !== at, beforeAt);
    await sleep(200);
    const escpos = (await page.evaluate(() => window.__printed)) - before;
    const heightPx = await page.evaluate(
      () => document.querySelector('.pos-receipt')?.getBoundingClientRect().height ?? 0,
    );
    const raster = Math.ceil((heightPx / 96) * 203) * 48;
    return { ...stats(times), gz, escpos, raster };
  } finally {
    await browser.close();
  }
}

if (!ensureWebBuild()) process.exit(1);
await withScratchDatabase(
  { kind: 'pos', agents: AGENTS + 1, limitScale: 1000, pool: 4, ports: [3930, 20] },
  async ({ port, database, fixtures, serve }) => {
    const [tirage] = await database.raw.query('SELECT id, name FROM tirages WHERE id = $1', [fixtures.tirages[0]]);
    await serve({ WEB_DIST: path.join(ROOT, 'apps/web/dist') });
    const agent = new http.Agent({ keepAlive: true });
    const tokens = await loginAll(agent, port, fixtures.agents);
    agent.destroy();
    const counterToken = tokens.pop();
    log(`POS under load: ${tokens.length} agents selling (half check first), ${POS_SALES} sales in /pos…`);
    const running = load(port, tokens, fixtures.tirages);
    await sleep(3000);
    running.state.measuring = true;
    const pos = await counter(port, counterToken, tirage);
    await sleep(SECONDS * 1000);
    running.state.measuring = false;
    await running.stop();
    const sale = stats(running.sale);
    const check = stats(running.check);
    add('« Vendre » → receipt bytes, p50 (under load)', pos.p50, 'ms', sale.p50, 'sale HTTP p50, same load');
    add('« Vendre » → receipt bytes, p99 (under load)', pos.p99, 'ms', sale.p99, 'sale HTTP p99, same load');
    add('live check p50 (under load)', check.p50, 'ms', sale.p50, 'sale p50, same load');
    add('live check p99 (under load)', check.p99, 'ms', sale.p99, 'sale p99, same load');
    add('JS for /pos (gzip)', pos.gz / 1024, 'kB', 250, 'target 250 kB');
    add('ESC/POS bytes, 10-line ticket, 58 mm', pos.escpos, 'B', pos.raster, 'raster image of the same receipt');
    log(
      `  measured beside the counter: ${JSON.stringify(running.state.statuses)}, ${running.state.errors} dropped connections`,
    );
  },
);

printBenchResults(results);
writeBenchResults('pos', { seconds: SECONDS, agents: AGENTS, results });

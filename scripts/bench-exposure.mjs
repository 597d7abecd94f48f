// `node scripts/bench-exposure.mjs`: the risk center's live board under the sales load (issue 22), on
// PostgreSQL, the server in its own process. Nothing is asserted.
//  - Agents sell back to back (closed loop, the sale throughput's load) for BENCH_EXPOSURE_SECONDS in
//    three phases on one server: no board client, 1 client, BENCH_EXPOSURE_CLIENTS clients.
//  - The clients are HTTP keep-alive `text/event-stream` responses of GET /api/companies/exposure/stream,
//    all on the one bench company (the worst case for the stream hub: its change marker moves on every
//    poll), spread evenly over the phase's 4 draws, 5 per board user (its cap of streams: 5 tabs of
//    one browser sharing a session). They run in a worker thread (scripts/lib/exposure-watchers.mjs).
//  - Each phase sells on 4 draws of its own, so every phase starts from empty boards.
//  - Latency of a sale for a client watching one of its draws: from the sale's 200 answer to the
//    client's first board event whose figures were read after it (the board's `at`, the database's
//    clock, at or past the answer's time: the sale was committed before it answered, so that board
//    counts it). Printed: board update latency p50 / p99 with N clients beside 1 client, and the sale
//    throughput with N clients connected beside none, all in the same run. Written to .bench/exposure.json.
//  - A busy evening: a fourth phase on 4 draws that already sold BENCH_EXPOSURE_DAY_LINES lines each today
//    (written straight in SQL before the phase), watched by 20 clients: a board's read then costs the
//    day's lines; printed: the sales/s beside the phase with no client and the board latency beside 1 client's.
// Env: TEST_DATABASE_URL, BENCH_EXPOSURE_SECONDS (20), BENCH_EXPOSURE_AGENTS (32),
//      BENCH_EXPOSURE_CLIENTS (500), BENCH_EXPOSURE_DAY_LINES (120000), BENCH_EXPOSURE_PHASES
//      (none,one,many,busy: the phases to run), EXPOSURE_POLL_MS (the server's, 400).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { register } from 'tsx/esm/api';
import { BENCH_PASSWORD, loginAll, ROOT, randomTicket, request, sleep, src, stats } from './lib/bench-kit.mjs';
import { withScratchDatabase } from './lib/scratch-database.mjs';

register();
const SECONDS = Number(process.env.BENCH_EXPOSURE_SECONDS ?? 20);
const AGENTS = Number(process.env.BENCH_EXPOSURE_AGENTS ?? 32);
const CLIENTS = Number(process.env.BENCH_EXPOSURE_CLIENTS ?? 500);
const DAY_LINES = Number(process.env.BENCH_EXPOSURE_DAY_LINES ?? 120_000);
const PHASES = new Set((process.env.BENCH_EXPOSURE_PHASES ?? 'none,one,many,busy').split(','));
const BUSY_CLIENTS = 20;
const PER_USER = 5;
const WARMUP_MS = 2000;
const DRAIN_MS = 3000;
const { hashPassword } = await import(src('lib/password.ts'));
const wall = () => performance.timeOrigin + performance.now();

const phases = {};
await withScratchDatabase(
  { kind: 'exposure', agents: AGENTS, limitScale: 10, pool: 2, ports: [4150, 40] },
  async ({ port, database, fixtures: fx, serve }) => {
    const worker = new Worker(new URL('./lib/exposure-watchers.mjs', import.meta.url));
    const ask = (msg) =>
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(msg);
      });
    try {
      // Twelve more draws like the seed's: phases sell on draws 1-4, 5-8, 9-12, 13-16.
      const more = await database.raw.query(
        `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     SELECT $1, 'Bench ' || k, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open' FROM generate_series(5, 16) k RETURNING id`,
        [fx.companyId],
      );
      const draws = [...fx.tirages, ...more.map((t) => t.id)];
      // The board users: company admins (every board of the company is then the same for all of them).
      const users = Math.max(1, Math.ceil(CLIENTS / PER_USER));
      const hash = await hashPassword(BENCH_PASSWORD);
      const boardUsers = await database.raw.query(
        `INSERT INTO users (username, role, first_name, last_name, company_id, password_hash, full_access)
     SELECT $3 || k, 'company', 'Tableau', k::text, $1, $2, true FROM generate_series(1, $4) k RETURNING username`,
        [fx.companyId, hash, `board${randomBytes(2).toString('hex')}_`, users],
      );
      await serve();
      const agent = new http.Agent({ keepAlive: true, maxSockets: AGENTS + 4 });
      const sellers = await loginAll(agent, port, fx.agents);
      const viewers = await loginAll(
        agent,
        port,
        boardUsers.map((u) => u.username),
      );
      console.log(
        `exposure on PostgreSQL: ${AGENTS} agents selling back to back, ${SECONDS} s per phase; ${CLIENTS} board clients (${users} company users × ≤ ${PER_USER} streams, one company, 4 draws)`,
      );

      const runPhase = async (label, tirages, clients) => {
        const watched = clients.map((k) => ({ token: viewers[Math.floor(k / PER_USER)], tirage: tirages[k % 4] }));
        if (watched.length) await ask({ cmd: 'open', port, clients: watched });
        const sales = [];
        let ok = 0;
        let refused = 0;
        let failed = 0;
        let measuring = false;
        let running = true;
        const loop = async (token) => {
          while (running) {
            const ticket = randomTicket(tirages);
            const r = await request(agent, port, 'POST', '/api/agents/fiches', ticket, token);
            const answered = wall();
            if (!measuring) continue;
            if (r.status === 200) {
              ok++;
              sales.push({ at: answered, tirages: ticket.tirages });
            } else if (r.status === 409) refused++;
            else if (++failed <= 3) console.error(`sale ${r.status}: ${r.body.slice(0, 200)}`);
          }
        };
        const loops = sellers.map((t) => loop(t));
        await sleep(WARMUP_MS);
        measuring = true;
        const t0 = performance.now();
        await sleep(SECONDS * 1000);
        measuring = false;
        const elapsed = (performance.now() - t0) / 1000;
        running = false;
        await Promise.all(loops);
        const phase = { clients: watched.length, salesPerSecond: ok / elapsed, ok, refused, failed };
        if (watched.length) {
          await sleep(DRAIN_MS); // the last sales' boards
          const { events, ended } = await ask({ cmd: 'close' });
          const latencies = [];
          let missing = 0;
          watched.forEach((w, k) => {
            const ev = events[k];
            for (const s of sales) {
              if (!s.tirages.includes(w.tirage)) continue;
              // First event (in arrival order: `at` grows per stream) whose figures were read at or after the answer.
              let lo = 0;
              let hi = ev.length / 2;
              while (lo < hi) {
                const mid = (lo + hi) >> 1;
                if (ev[2 * mid + 1] >= s.at) hi = mid;
                else lo = mid + 1;
              }
              if (lo < ev.length / 2) latencies.push(ev[2 * lo] - s.at);
              else missing++;
            }
          });
          const st = stats(latencies);
          Object.assign(phase, { latencyP50: st.p50, latencyP99: st.p99, samples: st.n, missing, ended });
        }
        phases[label] = phase;
        console.log(
          `  ${label}: ${phase.salesPerSecond.toFixed(1)} ventes/s (${refused} refusées, ${failed} échecs)${
            watched.length
              ? `, tableau p50/p99 ${phase.latencyP50.toFixed(0)}/${phase.latencyP99.toFixed(0)} ms (${phase.samples} mesures, ${phase.missing} sans événement, ${phase.ended} flux fermés)`
              : ''
          }`,
        );
      };
      if (PHASES.has('none')) await runPhase('none', draws.slice(0, 4), []);
      if (PHASES.has('one')) await runPhase('one', draws.slice(4, 8), [0]);
      if (PHASES.has('many'))
        await runPhase(
          'many',
          draws.slice(8, 12),
          Array.from({ length: CLIENTS }, (_, k) => k),
        );
      if (PHASES.has('busy')) {
        const busyDraws = draws.slice(12, 16);
        const t = performance.now();
        await prefillDay(database.raw, fx, busyDraws, DAY_LINES);
        console.log(
          `  a busy day: ${DAY_LINES} lines sold on each of 4 draws (${((performance.now() - t) / 1000).toFixed(1)} s)`,
        );
        await runPhase(
          'busy',
          busyDraws,
          Array.from({ length: BUSY_CLIENTS }, (_, k) => k),
        );
      }
      agent.destroy();
    } finally {
      await worker.terminate();
    }
  },
);

const r1 = (v) => Math.round(v * 10) / 10;
const { none, one, many, busy } = phases;
const results = [
  ...(many && one
    ? [
        [
          `board update latency p50 (${CLIENTS} clients)`,
          many.latencyP50,
          'ms',
          one.latencyP50,
          'the same with 1 client',
        ],
        [
          `board update latency p99 (${CLIENTS} clients)`,
          many.latencyP99,
          'ms',
          one.latencyP99,
          'the same with 1 client',
        ],
      ]
    : []),
  ...(many && none
    ? [
        [
          `sales/s with ${CLIENTS} board clients`,
          many.salesPerSecond,
          '/s',
          none.salesPerSecond,
          'sales/s with no board client',
        ],
      ]
    : []),
  ...(busy && none
    ? [
        [
          `sales/s, ${BUSY_CLIENTS} board clients, ${DAY_LINES} lines a draw today`,
          busy.salesPerSecond,
          '/s',
          none.salesPerSecond,
          'sales/s with no board client (an empty day)',
        ],
      ]
    : []),
  ...(busy && one
    ? [
        [
          `board update latency p99, ${DAY_LINES} lines a draw today`,
          busy.latencyP99,
          'ms',
          one.latencyP99,
          'p99 with 1 client (an empty day)',
        ],
      ]
    : []),
  ...(busy && !one
    ? [
        [
          `board update latency p99, ${DAY_LINES} lines a draw today`,
          busy.latencyP99,
          'ms',
          1000,
          'a sale on the board within 1 s',
        ],
      ]
    : []),
].map(([n, value, unit, reference, referenceLabel]) => ({
  name: n,
  value: r1(value),
  unit,
  reference: r1(reference),
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
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const file = path.join(ROOT, '.bench/exposure.json');
writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, agents: AGENTS, clients: CLIENTS, phases, results }, null, 2)}\n`,
);
console.log(`\nRésultats : ${path.relative(ROOT, file)}`);

/**
 * A day's sales on `tirages`, written straight in SQL as the sale writes them (tickets, lines and the limit
 * counters with their exposure sums): tickets of 7 bolet lines on the 4 draws, spread over the agents, until
 * each draw has `lines` lines today.
 */
async function prefillDay(raw, fx, tirages, lines) {
  const tickets = Math.ceil(lines / 7);
  await raw.query(
    `WITH f AS (
       INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash,
                           sale_date, amount, commission_bp, commission_amount)
       SELECT c.id, 900000000 + k, 'busy-day-' || k, u.id, u.surcussale_id, 'busy-day-' || k, 'h',
              (now() AT TIME ZONE c.timezone)::date, 700 * $3, 0, 0
         FROM companies c, generate_series(1, $4) k
         JOIN LATERAL (SELECT id, surcussale_id FROM users WHERE id = ($2::bigint[])[1 + k % array_length($2::bigint[], 1)]) u ON true
        WHERE c.id = $1
       RETURNING id, sale_date
     )
     INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2,
                              prime3, commission_amount)
     SELECT $1, f.id, t, f.sale_date, p, 20, lpad(((f.id * 7 + p * 13) % 100)::text, 2, '0'), 100, 50, 20, 10, 0
       FROM f, unnest($5::bigint[]) t, generate_series(1, 7) p`,
    [fx.companyId, fx.agentIds, tirages.length, tickets, tirages],
  );
  // And the counters those sales would have moved (company-wide and per agent, with their exposure sums:
  // cumulative bolets of stake 100 at 50/20/10).
  await raw.query(
    `INSERT INTO sale_counters AS c (company_id, tirage_id, draw_date, agent_id, code, number, amount, lot1, lot2,
                                     lot3, payout)
     SELECT l.company_id, l.tirage_id, l.draw_date, s.agent_id, l.code, l.number, sum(l.stake), sum(l.stake * l.prime1),
            sum(l.stake * l.prime2), sum(l.stake * l.prime3), sum(l.stake * (l.prime1 + l.prime2 + l.prime3))
       FROM fiche_lines l JOIN fiches f ON f.company_id = l.company_id AND f.id = l.fiche_id
      CROSS JOIN LATERAL (VALUES (0::bigint), (f.agent_id)) AS s(agent_id)
      WHERE l.company_id = $1 AND l.tirage_id = ANY($2::bigint[]) AND f.ref_code LIKE 'busy-day-%'
      GROUP BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (company_id, tirage_id, draw_date, agent_id, code, number) DO UPDATE
       SET amount = c.amount + excluded.amount, lot1 = c.lot1 + excluded.lot1, lot2 = c.lot2 + excluded.lot2,
           lot3 = c.lot3 + excluded.lot3, payout = c.payout + excluded.payout`,
    [fx.companyId, tirages],
  );
  await raw.query('ANALYZE fiches');
  await raw.query('ANALYZE fiche_lines');
}

// The load of scripts/bench-cluster.mjs: agents selling back to back (a sale without a 200 is sent again
// with the SAME idempotency key, as the POS does), company admins reading reports, each result counted
// in the phase it started in; and the replica's lag sampled on the primary.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { randomTicket, request, sleep, stats } from './bench-kit.mjs';

export const acked = new Map(); // idempotency key → ticket id the client was given
export const attempted = new Set();
/** Refused sales (a limit reached, a blocked ball: the engine's answers, not failures) by code. */
export const refusals = new Map();
let phase;
export const newPhase = (name) => {
  phase = {
    name,
    t0: performance.now(),
    sales: 0,
    saleMs: [],
    retried: 0,
    failedAnswers: 0,
    neverAcked: 0,
    refused: 0,
  };
  Object.assign(phase, { reads: 0, readMs: [], readErrors: 0, replayed: 0 });
  return phase;
};
export const endPhase = (p) => {
  p.seconds = (performance.now() - p.t0) / 1000;
  return p;
};

export function load(target, tokens, adminToken, fixtures, { agents, readers }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: agents + readers + 8 });
  let running = true;
  const call = async (method, url, body, token) => {
    try {
      return await request(agent, target.port, method, url, body, token);
    } catch (err) {
      return { status: 0, body: String(err?.message ?? err) };
    }
  };
  const seller = async (token) => {
    while (running) {
      const ticket = randomTicket(fixtures.tirages);
      attempted.add(ticket.idempotency_key);
      const p = phase;
      const t0 = performance.now();
      // The POS's retry: the same ticket, the same key, until an answer (at most ~30 s).
      for (let tries = 1; ; tries++) {
        const r = await call('POST', '/api/agents/fiches', ticket, token);
        if (r.status === 200) {
          const sold = JSON.parse(r.body);
          acked.set(ticket.idempotency_key, sold.id);
          if (sold.replayed) p.replayed++;
          p.sales++;
          p.saleMs.push(performance.now() - t0);
          break;
        }
        if (r.status >= 400 && r.status < 500) {
          p.refused++;
          const code = /"code":"(\w+)"/.exec(r.body)?.[1] ?? String(r.status);
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
          if (r.status !== 409 && p.refused <= 3) console.error(`vente refusée ${r.status} : ${r.body.slice(0, 200)}`);
          break;
        }
        p.failedAnswers++;
        if (p.failedAnswers <= 3) console.error(`vente sans réponse (${p.name}) ${r.status} : ${r.body.slice(0, 160)}`);
        if (tries >= 60) {
          p.neverAcked++;
          break;
        }
        p.retried++;
        await sleep(500);
      }
    }
  };
  const d = new Date().toISOString().slice(0, 10);
  const reads = [
    `/api/companies/rapports?start_date=${d}&end_date=${d}`,
    `/api/companies/rapports-agent?start_date=${d}&end_date=${d}`,
    `/api/companies/statistiques?start_date=${d}&end_date=${d}`,
    `/api/companies/app?start_date=${d}&end_date=${d}`,
  ];
  const reader = async (k) => {
    for (let i = k; running; i++) {
      const p = phase;
      const t0 = performance.now();
      const r = await call('GET', reads[i % reads.length], undefined, adminToken);
      p.reads++;
      p.readMs.push(performance.now() - t0);
      if (r.status !== 200) {
        p.readErrors++;
        if (p.readErrors <= 3) console.error(`rapport ${r.status} (${p.name}) : ${r.body.slice(0, 200)}`);
      }
    }
  };
  const loops = [...tokens.map(seller), ...Array.from({ length: readers }, (_, k) => reader(k))];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** The replica's distance from the primary, sampled on the primary while `until()` is false. */
export async function sampleLag(primaryUrl, until) {
  const c = new pg.Client({ connectionString: primaryUrl });
  await c.connect();
  const bytes = [];
  const ms = [];
  const [{ lsn: lsn0 }] = (await c.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows;
  const t0 = performance.now();
  while (!until()) {
    const { rows } = await c.query(
      `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint AS bytes,
              coalesce(extract(epoch FROM replay_lag) * 1000, 0)::float8 AS ms FROM pg_stat_replication`,
    );
    if (rows.length) {
      bytes.push(Number(rows[0].bytes));
      ms.push(rows[0].ms);
    }
    await sleep(250);
  }
  const { rows } = await c.query('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint AS w', [lsn0]);
  const walPerSecond = Number(rows[0].w) / ((performance.now() - t0) / 1000);
  await c.end();
  return {
    bytes: stats(bytes),
    ms: stats(ms),
    maxBytes: Math.max(0, ...bytes),
    maxMs: Math.max(0, ...ms),
    walPerSecond,
  };
}

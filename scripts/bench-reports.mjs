// `node scripts/bench-reports.mjs`: reports and dashboards on PostgreSQL with 90 days of a company of
// 500 agents and more than 5 000 000 bet lines. The tickets, lines, payments and ledger are generated in
// bulk; the summaries (stats_*) and counters are then built from them by aggregation — the figures the
// sale, settlement and payment transactions maintain. Each endpoint is called through the real API
// (app.inject: auth, validation, SQL, serialisation) and its p50/p99 printed beside the plain SQL
// aggregate over the raw lines that computes the same figures, measured in the same run.
// Env: TEST_DATABASE_URL, BENCH_REPORT_LINES (5 000 000), BENCH_REPORT_AGENTS (500), BENCH_REPORT_DAYS (90),
//      BENCH_RUNS (30), BENCH_KEEP=1.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const LINES = Number(process.env.BENCH_REPORT_LINES ?? 5_000_000);
const AGENTS = Number(process.env.BENCH_REPORT_AGENTS ?? 500);
const DAYS = Number(process.env.BENCH_REPORT_DAYS ?? 90);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PASSWORD = 'bench-pass-123';
const log = (...a) => console.log(...a);
const src = (p) => path.join(ROOT, 'apps/server/src', p);
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const { buildApp } = await import(src('app.ts'));
const { testConfig } = await import(src('config.ts'));
const { hashPassword } = await import(src('lib/password.ts'));

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { p50: at(0.5), p99: at(0.99) };
}
async function measure(runs, fn) {
  for (let i = 0; i < Math.min(3, runs); i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

async function generate(raw) {
  const hash = await hashPassword(PASSWORD);
  const [c] = await raw.query(
    `INSERT INTO companies (ref_code, name, country_id, timezone)
     SELECT 'RPT' || $1, 'Borlette Rapports', id, 'America/Port-au-Prince' FROM countries WHERE name_code = 'HT' RETURNING id`,
    [randomBytes(3).toString('hex').toUpperCase()],
  );
  await raw.query('SELECT borlette_init_company($1)', [c.id]);
  await raw.query(
    `INSERT INTO surcussales (company_id, name) SELECT $1, 'Succursale ' || k FROM generate_series(1, 10) k`,
    [c.id],
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, full_access, password_hash)
     VALUES ('rpt_admin_' || $1::bigint, 'company', 'Admin', 'Rapports', $1::bigint, true, $2)`,
    [c.id, hash],
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, password_hash)
     SELECT 'rpt_agent_' || $1::bigint || '_' || k, 'agent', 'Vendeur', k::text, $1::bigint,
            (SELECT min(id) FROM surcussales WHERE company_id = $1::bigint) + k % 10, 'x'
       FROM generate_series(1, $2) k`,
    [c.id, AGENTS],
  );
  const tickets = Math.ceil(LINES / 6.5);
  log(
    `data: ${DAYS} days, ${AGENTS} agents, ${tickets.toLocaleString('fr-FR')} tickets, ${LINES.toLocaleString('fr-FR')} lines…`,
  );
  const t0 = performance.now();
  // Tickets spread over the days, agents and the company's 14 draws (one draw each).
  await raw.query(
    `CREATE TEMP TABLE bench_agents AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, surcussale_id FROM users WHERE company_id = $1 AND role = 'agent';
     CREATE TEMP TABLE bench_tirages AS
       SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM tirages WHERE company_id = $1`.replaceAll(
      '$1',
      String(c.id),
    ),
  );
  await raw.query(
    `INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash, sale_date,
                         sold_at, amount, commission_bp, commission_amount, win_amount)
     SELECT $1::bigint, 800000000 + g, md5('r' || g), a.id, a.surcussale_id, 'k' || g, 'h', d.day,
            d.day + time '10:00' + make_interval(secs => g % 30000), 0, 1000, 0, 0
       FROM generate_series(0, $2 - 1) g
       JOIN bench_agents a ON a.k = (g::bigint * 7919) % $3
       CROSS JOIN LATERAL (SELECT current_date - (g % $4) AS day) d`,
    [c.id, tickets, AGENTS, DAYS],
  );
  const [{ first }] = await raw.query('SELECT min(id) AS first FROM fiches WHERE company_id = $1', [c.id]);
  await raw.query(
    `INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2,
                              prime3, template, cumulative, win_amount)
     SELECT $1, $2::bigint + g % $3, t.id, current_date - ((g % $3) % $5), g / $3 + 1, x.code,
            CASE x.code WHEN 20 THEN lpad((r % 100)::text, 2, '0')
                        WHEN 40 THEN lpad((r % 50)::text, 2, '0') || '*' || lpad((50 + r % 50)::text, 2, '0')
                        WHEN 30 THEN lpad((r % 1000)::text, 3, '0') ELSE lpad((r % 10000)::text, 4, '0') END,
            100 * (1 + r % 40),
            CASE x.code WHEN 20 THEN 50 WHEN 40 THEN 1000 WHEN 30 THEN 500 ELSE 5000 END,
            CASE WHEN x.code = 20 THEN 20 END, CASE WHEN x.code = 20 THEN 10 END,
            CASE WHEN x.code = 41 THEN '{lot2}{lot3}' END, true,
            CASE WHEN r % 97 = 0 THEN 100 * (1 + r % 40) * 50 ELSE 0 END
       FROM generate_series(0, $4 - 1) g
       CROSS JOIN LATERAL (SELECT (g * 2654435761) % 1000003 AS r) rr
       CROSS JOIN LATERAL (SELECT CASE WHEN r % 10 < 5 THEN 20 WHEN r % 10 < 7 THEN 40 WHEN r % 10 < 9 THEN 30 ELSE 41 END AS code) x
       JOIN bench_tirages t ON t.k = ((g % $3) * 31) % 14`,
    [c.id, first, tickets, LINES, DAYS],
  );
  // Ticket totals from their lines; commission per draw (the sale's rule).
  await raw.query(
    `WITH s AS (SELECT fiche_id, min(tirage_id) AS tirage_id, min(draw_date) AS d, sum(stake)::bigint AS amount,
                       sum(win_amount)::bigint AS win
                  FROM fiche_lines WHERE company_id = $1 GROUP BY fiche_id)
     UPDATE fiches f SET amount = s.amount, commission_amount = (s.amount * 1000 + 5000) / 10000, win_amount = s.win
       FROM s WHERE f.id = s.fiche_id`,
    [c.id],
  );
  await raw.query(
    `INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount, win_amount)
     SELECT $1, l.fiche_id, min(l.tirage_id), min(l.draw_date), sum(l.stake), (sum(l.stake) * 1000 + 5000) / 10000,
            sum(l.win_amount)
       FROM fiche_lines l WHERE l.company_id = $1 GROUP BY l.fiche_id`,
    [c.id],
  );
  // Half the winners paid the next day by their agent; 3 % of tickets cancelled.
  await raw.query(
    `UPDATE fiches SET status = 'cancelled', status_at = sold_at + interval '2 minutes'
      WHERE company_id = $1 AND win_amount = 0 AND number % 33 = 0`,
    [c.id],
  );
  await raw.query(
    `WITH p AS (UPDATE fiches SET paid_at = sale_date + interval '1 day 12 hours', paid_by = agent_id, paid_amount = win_amount
                 WHERE company_id = $1 AND win_amount > 0 AND number % 2 = 0 RETURNING id, agent_id, surcussale_id, paid_at)
     INSERT INTO fiche_payments (company_id, fiche_id, kind, tirage_id, amount, actor_id, agent_id, surcussale_id, at)
     SELECT $1, p.id, 'payment', ft.tirage_id, ft.win_amount, p.agent_id, p.agent_id, p.surcussale_id, p.paid_at
       FROM p JOIN fiche_tirages ft ON ft.fiche_id = p.id`,
    [c.id],
  );
  // The results of every draw and day (the winning lots).
  await raw.query(
    `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin, settled_at)
     SELECT $1, t.id, current_date - d, p3, p4, right(p3, 2), left(p4, 2), right(p4, 2), 'auto', now()
       FROM bench_tirages t CROSS JOIN generate_series(0, $2 - 1) d
       CROSS JOIN LATERAL (SELECT lpad(((t.k * 131 + d * 17) % 1000)::text, 3, '0') AS p3,
                                  lpad(((t.k * 7919 + d * 313) % 10000)::text, 4, '0') AS p4) x`,
    [c.id, DAYS],
  );
  // The ledger, the summaries and the counters, as the transactions would have written them.
  await raw.query(
    `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date, at)
     SELECT company_id, agent_id, 'sale', amount - commission_amount, amount, commission_amount, id, sale_date, sold_at
       FROM fiches WHERE company_id = $1;
     INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date, at)
     SELECT company_id, agent_id, 'cancel', -(amount - commission_amount), -amount, -commission_amount, id, sale_date, status_at
       FROM fiches WHERE company_id = $1 AND status = 'cancelled';
     INSERT INTO wallet_entries (company_id, agent_id, kind, amount, fiche_id, business_date, at)
     SELECT company_id, paid_by, 'payout', -paid_amount, id, (paid_at AT TIME ZONE 'America/Port-au-Prince')::date, paid_at
       FROM fiches WHERE company_id = $1 AND paid_at IS NOT NULL`.replaceAll('$1', String(c.id)),
  );
  await raw.query(
    `INSERT INTO stats_agent_draw_day (company_id, business_date, tirage_id, agent_id, surcussale_id, tickets, sales,
                                       commission, cancelled, cancelled_amount, wins, winners, payouts, paid)
     SELECT $1, d, tirage_id, agent_id, min(surcussale_id), sum(tickets), sum(sales), sum(commission), sum(cancelled),
            sum(cancelled_amount), sum(wins), sum(winners), sum(payouts), sum(paid)
       FROM (
         SELECT f.sale_date AS d, ft.tirage_id, f.agent_id, f.surcussale_id,
                (f.status = 'active')::int AS tickets, CASE WHEN f.status = 'active' THEN ft.amount ELSE 0 END AS sales,
                CASE WHEN f.status = 'active' THEN ft.commission_amount ELSE 0 END AS commission,
                (f.status <> 'active')::int AS cancelled, CASE WHEN f.status <> 'active' THEN ft.amount ELSE 0 END AS cancelled_amount,
                CASE WHEN f.status = 'active' THEN ft.win_amount ELSE 0 END AS wins,
                (f.status = 'active' AND ft.win_amount > 0)::int AS winners, 0::bigint AS payouts, 0 AS paid
           FROM fiches f JOIN fiche_tirages ft ON ft.fiche_id = f.id WHERE f.company_id = $1
         UNION ALL
         SELECT (p.at AT TIME ZONE 'America/Port-au-Prince')::date, p.tirage_id, p.agent_id, p.surcussale_id,
                0, 0, 0, 0, 0, 0, 0, p.amount, 1
           FROM fiche_payments p WHERE p.company_id = $1
       ) x GROUP BY d, tirage_id, agent_id`,
    [c.id],
  );
  await raw.query(
    `INSERT INTO stats_agent_day (company_id, business_date, agent_id, surcussale_id, tickets, sales, commission, cancelled,
                                  cancelled_amount, wins, winners, payouts, paid)
     SELECT company_id, business_date, agent_id, min(surcussale_id), sum(tickets), sum(sales), sum(commission),
            sum(cancelled), sum(cancelled_amount), sum(wins), sum(winners), sum(payouts), sum(paid)
       FROM stats_agent_draw_day WHERE company_id = $1 GROUP BY company_id, business_date, agent_id`,
    [c.id],
  );
  await raw.query(
    `INSERT INTO sale_counters (company_id, tirage_id, draw_date, agent_id, code, number, amount)
     SELECT l.company_id, l.tirage_id, l.draw_date, a.agent_id, l.code, l.number, sum(l.stake)
       FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id AND f.status = 'active'
       CROSS JOIN LATERAL (VALUES (0::bigint), (f.agent_id)) a(agent_id)
      WHERE l.company_id = $1 GROUP BY 1, 2, 3, 4, 5, 6`,
    [c.id],
  );
  log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return c.id;
}

const name = `borlette_bench_reports_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const results = [];
let database;
let app;
try {
  database = await openPostgres(url.toString(), { max: 4 });
  await prepareDatabase(database, { demo: false });
  // One connection (its temporary tables), one transaction; then the planner's statistics.
  const companyId = await database.transaction((tx) => generate(tx));
  const { raw } = database;
  await raw.exec('VACUUM ANALYZE');
  const [{ n: lines }] = await raw.query('SELECT count(*)::bigint AS n FROM fiche_lines');
  app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/auth/login',
    payload: { username: `rpt_admin_${companyId}`, password: PASSWORD },
  });
  const headers = { authorization: `Token ${res.json().accessToken}` };
  const [{ s30, s90, e }] = await raw.query(
    `SELECT to_char(current_date - 29, 'YYYY-MM-DD') AS s30, to_char(current_date - 89, 'YYYY-MM-DD') AS s90,
            to_char(current_date, 'YYYY-MM-DD') AS e`,
  );
  const [agent] = await raw.query("SELECT id FROM users WHERE company_id = $1 AND role = 'agent' ORDER BY id LIMIT 1", [
    companyId,
  ]);
  // The plain aggregates over the raw lines that compute the same figures.
  const byAgent = (from) => `SELECT f.agent_id, count(DISTINCT f.id) FILTER (WHERE f.status = 'active') AS tickets,
      sum(l.stake) FILTER (WHERE f.status = 'active') AS sales, sum(l.win_amount) FILTER (WHERE f.status = 'active') AS wins
    FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
   WHERE l.company_id = ${companyId} AND l.draw_date BETWEEN '${from}' AND '${e}' GROUP BY f.agent_id`;
  const byDay = (from) => `SELECT l.draw_date, count(DISTINCT l.fiche_id), sum(l.stake), sum(l.win_amount)
    FROM fiche_lines l WHERE l.company_id = ${companyId} AND l.draw_date BETWEEN '${from}' AND '${e}' GROUP BY 1`;
  const byDraw = (from) => `SELECT l.tirage_id, count(DISTINCT l.fiche_id), sum(l.stake), sum(l.win_amount)
    FROM fiche_lines l WHERE l.company_id = ${companyId} AND l.draw_date BETWEEN '${from}' AND '${e}' GROUP BY 1`;
  const byNumber = (
    from,
  ) => `SELECT l.code, l.number, sum(l.stake) FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
   WHERE l.company_id = ${companyId} AND f.status = 'active' AND l.draw_date BETWEEN '${from}' AND '${e}' GROUP BY 1, 2`;
  const cases = [
    [
      'rapports par vendeur, 30 j',
      `/api/companies/rapports?start_date=${s30}&end_date=${e}&filter_choice=agent`,
      byAgent(s30),
    ],
    [
      'rapports par vendeur, 90 j',
      `/api/companies/rapports?start_date=${s90}&end_date=${e}&filter_choice=agent`,
      byAgent(s90),
    ],
    [
      'rapports par jour, 90 j',
      `/api/companies/rapports?start_date=${s90}&end_date=${e}&filter_choice=day`,
      byDay(s90),
    ],
    [
      'rapports par tirage, 90 j',
      `/api/companies/rapports?start_date=${s90}&end_date=${e}&filter_choice=tirage`,
      byDraw(s90),
    ],
    [
      'rapports par succursale, 90 j',
      `/api/companies/rapports?start_date=${s90}&end_date=${e}&filter_choice=surcussale`,
      byAgent(s90),
    ],
    ['rapport journalier, 30 j', `/api/companies/rapport-journalier?start_date=${s30}&end_date=${e}`, byDay(s30)],
    [
      'rapport journalier par superviseur, 30 j',
      `/api/companies/rapport-journalier-sup?start_date=${s30}&end_date=${e}`,
      byAgent(s30),
    ],
    ['rapports-agent, 30 j', `/api/companies/rapports-agent?start_date=${s30}&end_date=${e}`, byAgent(s30)],
    ['statistiques, 30 j', `/api/companies/statistiques?start_date=${s30}&end_date=${e}`, byNumber(s30)],
    [
      'statistiques d’un vendeur, 30 j',
      `/api/companies/statistiques?start_date=${s30}&end_date=${e}&agent_id=${agent.id}`,
      byNumber(s30),
    ],
    ['lots gagnants, 30 j', `/api/companies/lotgagnant?start_date=${s30}&end_date=${e}`, byDraw(s30)],
    ['tableau de bord (app), 30 j', `/api/companies/app?start_date=${s30}&end_date=${e}`, byAgent(s30)],
    ['tableau de bord (app), aujourd’hui', '/api/companies/app', byAgent(e)],
    ['app-journalier, 90 j', `/api/companies/app-journalier?start_date=${s90}&end_date=${e}`, byDay(s90)],
    ['appTirage, 30 j', `/api/companies/appTirage?start_date=${s30}&end_date=${e}`, byDraw(s30)],
    ['appLotto, 30 j', `/api/companies/appLotto?start_date=${s30}&end_date=${e}`, byNumber(s30)],
    ['appGpc, 90 j', `/api/companies/appGpc?start_date=${s90}&end_date=${e}`, byDay(s90)],
  ];
  log(`${Number(lines).toLocaleString('fr-FR')} lines; ${RUNS} calls per endpoint`);
  for (const [label, path, reference] of cases) {
    const probe = await app.inject({ method: 'GET', url: path, headers });
    if (probe.statusCode !== 200) {
      log(`  ${label}: ${probe.statusCode} ${probe.body.slice(0, 120)} (skipped)`);
      continue;
    }
    const api = await measure(RUNS, () => app.inject({ method: 'GET', url: path, headers }));
    const ref = await measure(Math.max(3, Math.ceil(RUNS / 10)), () => raw.query(reference));
    results.push({ name: label, url: path, ...api, reference_p50: ref.p50, speedup: ref.p50 / api.p50 });
    log(
      `  ${label.padEnd(42)} p50 ${api.p50.toFixed(1).padStart(7)} ms · p99 ${api.p99.toFixed(1).padStart(7)} ms` +
        ` · aggregate over the lines ${ref.p50.toFixed(0).padStart(6)} ms · ×${(ref.p50 / api.p50).toFixed(0)}`,
    );
  }
  mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    path.join(ROOT, '.bench/reports.json'),
    `${JSON.stringify({ at: new Date().toISOString(), lines: Number(lines), agents: AGENTS, days: DAYS, runs: RUNS, results }, null, 2)}\n`,
  );
  log('written: .bench/reports.json');
} finally {
  await app?.close();
  await database?.close();
  if (process.env.BENCH_KEEP === '1') log(`base conservée : ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

// `node scripts/bench-lists.mjs`: the traceability lists on PostgreSQL with 1 000 000 audit rows.
// Creates a scratch database (dropped at the end), migrates it, fills audit_log with generate_series,
// then measures p50/p99 of real API calls (app.inject: auth, validation, SQL, serialisation) beside the
// reference `SELECT count(*) FROM audit_log` measured in the same run. Nothing here is asserted.
// Env: TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
//      BENCH_ROWS (default 1000000), BENCH_COMPANIES (20), BENCH_RUNS (200), BENCH_KEEP=1 keeps the database.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const AGENTS = 50;
const SUPERVISORS = 5;
const PASSWORD = 'bench-pass-123';

const src = (p) => path.join(ROOT, 'apps/server/src', p);
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const { buildApp } = await import(src('app.ts'));
const { testConfig } = await import(src('config.ts'));
const { hashPassword } = await import(src('lib/password.ts'));
const { heavyAgentDay } = await import(path.join(ROOT, 'apps/server/test/heavy-tickets.ts'));
const { PLATFORM_CEILINGS } = await import(path.join(ROOT, 'packages/shared/src/contracts/company-settings.ts'));
const { LIST_MAX_PAGE_SIZE } = await import(path.join(ROOT, 'packages/shared/src/contracts/list.ts'));

const name = `borlette_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const log = (...a) => console.log(...a);
const ms = (v) => `${v.toFixed(2)} ms`;

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), min: s[0], max: s[s.length - 1], n: s.length };
}

async function measure(runs, fn) {
  for (let i = 0; i < Math.min(20, runs); i++) await fn(); // warm-up
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

let database;
let app;
try {
  database = await openPostgres(url.toString(), { max: 5 });
  await prepareDatabase(database, { demo: false });
  const { raw } = database;
  const hash = await hashPassword(PASSWORD);

  // Companies, each with an admin, supervisors (each watching one of two sub-branches) and agents.
  log(`fixtures: ${COMPANIES} companies × (1 admin, ${SUPERVISORS} supervisors, ${AGENTS} agents)…`);
  await raw.query(
    `INSERT INTO companies (ref_code, name, country_id)
     SELECT 'BENCH' || i, 'Compagnie ' || i, (SELECT id FROM countries WHERE name_code = 'HT') FROM generate_series(1, $1) i`,
    [COMPANIES],
  );
  await raw.query(`INSERT INTO company_settings (company_id) SELECT id FROM companies ON CONFLICT DO NOTHING`);
  await raw.query(
    `INSERT INTO surcussales (company_id, name) SELECT c.id, 'Succursale ' || b FROM companies c, generate_series(1, 2) b`,
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, full_access, password_hash)
     SELECT 'bench_admin_' || c.id, 'company', 'Admin', c.name, c.id, true, $1 FROM companies c`,
    [hash],
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, password_hash)
     SELECT 'bench_sup_' || c.id || '_' || k, 'supervisor', 'Superviseur', k::text, c.id, $2
       FROM companies c, generate_series(1, $1) k`,
    [SUPERVISORS, hash],
  );
  await raw.query(
    `INSERT INTO user_permissions (user_id, codename)
     SELECT id, p FROM users, unnest(ARRAY['view_traceagentaction', 'view_tracesupervisoraction', 'view_agent']) p WHERE role = 'supervisor'`,
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, password_hash)
     SELECT 'bench_agent_' || c.id || '_' || k, 'agent', 'Vendeur', k::text, c.id,
            (SELECT s.id FROM surcussales s WHERE s.company_id = c.id ORDER BY s.id LIMIT 1 OFFSET (k % 2)), 'x'
       FROM companies c, generate_series(1, $1) k`,
    [AGENTS],
  );
  await raw.query(
    `INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id)
     SELECT u.company_id, u.id, (SELECT s.id FROM surcussales s WHERE s.company_id = u.company_id ORDER BY s.id LIMIT 1)
       FROM users u WHERE u.role = 'supervisor'`,
  );
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, full_access, password_hash)
     VALUES ('bench_root', 'superuser', 'Super', 'Admin', true, $1)`,
    [hash],
  );

  // The trail: 70 % agents, 15 % supervisors, 15 % admins, spread over the last 365 days, appended in time order.
  log(`audit_log: inserting ${ROWS.toLocaleString('fr-FR')} rows…`);
  const t0 = performance.now();
  await raw.query(`
    CREATE TEMP TABLE bench_company AS SELECT row_number() OVER (ORDER BY id) - 1 AS ci, id FROM companies;
  `);
  await raw.query(`
    CREATE TEMP TABLE bench_actor AS
    SELECT row_number() OVER (PARTITION BY company_id, role ORDER BY id) - 1 AS k, company_id, id, role, username
      FROM users WHERE company_id IS NOT NULL;
  `);
  await raw.query(
    `INSERT INTO audit_log (at, company_id, user_id, role, username, action, entity, entity_id, before, after, ip, user_agent, request_id)
     SELECT s.ts, a.company_id, a.id, a.role, a.username,
            (ARRAY['login','logout','create','update','delete','block','unblock'])[1 + (s.g % 7)],
            (ARRAY['fiche','session','agent','surcussale','message','limite_fiche'])[1 + (s.g % 6)],
            (s.g % 100000)::text,
            CASE WHEN s.g % 7 = 3 THEN jsonb_build_object('name', 'Avant ' || s.g, 'amount', s.g % 5000) END,
            CASE WHEN s.g % 7 IN (2, 3) THEN jsonb_build_object('name', 'Après ' || s.g, 'amount', s.g % 7000) END,
            '10.' || (s.g % 250) || '.' || (s.g % 200) || '.' || (s.g % 100),
            'Mozilla/5.0 (Linux; Android 13) borlette-pos/1.' || (s.g % 9),
            md5(s.g::text)
       FROM (SELECT g, g % $2 AS ci,
                    CASE WHEN g % 20 < 14 THEN 'agent' WHEN g % 20 < 17 THEN 'supervisor' ELSE 'company' END AS role,
                    now() - random() * interval '365 days' AS ts, random() AS r
               FROM generate_series(1, $1) g) s
       JOIN bench_company c ON c.ci = s.ci
       JOIN bench_actor a ON a.company_id = c.id AND a.role = s.role
        AND a.k = floor(s.r * CASE s.role WHEN 'agent' THEN $3 WHEN 'supervisor' THEN $4 ELSE 1 END)
      ORDER BY s.ts`,
    [ROWS, COMPANIES, AGENTS, SUPERVISORS],
  );
  await raw.exec('VACUUM ANALYZE audit_log');
  const [{ n: total }] = await raw.query('SELECT count(*)::int AS n FROM audit_log');
  log(`  ${total.toLocaleString('fr-FR')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The agents list: the first company gets 10 000 agents (one INSERT … generate_series).
  const BIG = Number(process.env.BENCH_AGENTS ?? 10_000);
  log(`agents: ${BIG.toLocaleString('fr-FR')} more in the first company…`);
  await raw.query(
    `INSERT INTO users (username, role, first_name, last_name, phone, company_id, surcussale_id, password_hash)
     SELECT 'big_agent_' || g, 'agent', 'Prénom' || g, 'Nom' || (g % 997), '+509 38' || lpad(g::text, 6, '0'), c.id,
            (SELECT min(s.id) FROM surcussales s WHERE s.company_id = c.id) + (g % 2), $1
       FROM companies c, generate_series(1, $2::int) g WHERE c.ref_code = 'BENCH1'`,
    [hash, BIG],
  );
  await raw.exec('VACUUM ANALYZE users');
  const [{ n: usersTotal }] = await raw.query('SELECT count(*)::int AS n FROM users');

  app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
  await app.ready();
  const login = async (username) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/auth/login',
      payload: { username, password: PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.body}`);
    return { authorization: `Token ${res.json().accessToken}` };
  };
  const [first] = await raw.query("SELECT id FROM companies WHERE ref_code = 'BENCH1'");
  const adminH = await login(`bench_admin_${first.id}`);
  const supH = await login(`bench_sup_${first.id}_1`);
  const rootH = await login('bench_root');
  const [agent] = await raw.query(`SELECT id, username FROM users WHERE username = $1`, [`bench_agent_${first.id}_7`]);

  const get = (headers, url) => async () => {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const cases = [
    ['admin · vendeurs · 1re page (7 j)', adminH, '/api/companies/tracabilites-agents'],
    [
      'admin · vendeurs · recherche + filtre (7 j)',
      adminH,
      `/api/companies/tracabilites-agents?search=${agent.username}&action=create`,
    ],
    [
      'admin · vendeurs · 1re page (30 j)',
      adminH,
      `/api/companies/tracabilites-agents?start_date=${day(-29)}&end_date=${day(0)}`,
    ],
    [
      'admin · vendeurs · recherche (366 j, pire cas)',
      adminH,
      `/api/companies/tracabilites-agents?start_date=${day(-365)}&end_date=${day(0)}&search=10.5.`,
    ],
    [
      'admin · vendeurs · user_id (366 j)',
      adminH,
      `/api/companies/tracabilites-agents?start_date=${day(-365)}&end_date=${day(0)}&user_id=${agent.id}`,
    ],
    ['superviseur · vendeurs · 1re page (7 j)', supH, '/api/companies/tracabilites-agents'],
    ['superviseur · superviseurs · 1re page (7 j)', supH, '/api/companies/tracabilites-supervisors'],
    ['superuser « Toutes » · compagnies · 1re page (7 j)', rootH, '/api/companies/tracabilites-companies'],
    [
      'superuser « Toutes » · compagnies · recherche (7 j)',
      rootH,
      '/api/companies/tracabilites-companies?search=bench_admin_1',
    ],
  ];
  function day(offset) {
    return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  }

  log(`\nreference: SELECT count(*) FROM audit_log (${total.toLocaleString('fr-FR')} rows)`);
  const ref = await measure(Math.min(RUNS, 50), () => raw.query('SELECT count(*) FROM audit_log'));
  log(`  p50 ${ms(ref.p50)} · p99 ${ms(ref.p99)}`);
  const results = [{ name: 'SELECT count(*) FROM audit_log', ...ref }];
  const refUsers = await measure(Math.min(RUNS, 50), () => raw.query('SELECT count(*) FROM users'));
  results.push({ name: 'SELECT count(*) FROM users', ...refUsers });
  log(
    `reference: SELECT count(*) FROM users (${usersTotal.toLocaleString('fr-FR')} rows): p50 ${ms(refUsers.p50)} · p99 ${ms(refUsers.p99)}`,
  );
  log(`\n${RUNS} calls each, agents list (${BIG.toLocaleString('fr-FR')} agents in the company):`);
  for (const [label, headers, u] of [
    ['admin · list-agent · 1re page', adminH, '/api/companies/list-agent'],
    ['admin · list-agent · recherche', adminH, '/api/companies/list-agent?search=big_agent_4242'],
    [
      'admin · list-agent · filtre succursale + tri nom',
      adminH,
      `/api/companies/list-agent?sort=name&surcussale_id=${(await raw.query('SELECT min(id) AS id FROM surcussales WHERE company_id = $1', [first.id]))[0].id}`,
    ],
    ['superviseur · list-agent · 1re page', supH, '/api/companies/list-agent'],
  ]) {
    const res = await get(headers, u)();
    const sample = res.json();
    const s = await measure(RUNS, get(headers, u));
    results.push({ name: label, url: u, count: sample.count, ...s, p50_vs_count: s.p50 / refUsers.p50 });
    log(
      `  ${label.padEnd(52)} count ${String(sample.count).padStart(7)} · p50 ${ms(s.p50).padStart(10)} · p99 ${ms(s.p99).padStart(10)} · p50/count(*) ${(s.p50 / refUsers.p50).toFixed(3)}`,
    );
  }
  // Issue 15: the largest agent ticket page the API allows (LIST_MAX_PAGE_SIZE tickets of the most
  // lines on the most draws), and the event loop under 10 parallel such reads, each beside its
  // reference of the same run (/api/health idle; the loop's delay idle).
  {
    const draws = PLATFORM_CEILINGS.ticketDraws;
    const lines = PLATFORM_CEILINGS.ticketLines;
    const [heavy] = await raw.query(
      `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, full_access, password_hash)
       SELECT 'bench_heavy_agent', 'agent', 'Vendeur', 'Lourd', $1, min(s.id), true, $2 FROM surcussales s WHERE s.company_id = $1
       RETURNING id`,
      [first.id, hash],
    );
    const tirages = await raw.query(
      `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
       SELECT $1, 'Lourd ' || g, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open' FROM generate_series(1, $2::int) g RETURNING id`,
      [first.id, draws],
    );
    const t0 = performance.now();
    await heavyAgentDay(raw, {
      companyId: first.id,
      agentId: heavy.id,
      tirageIds: tirages.map((r) => r.id),
      tickets: LIST_MAX_PAGE_SIZE,
      lines,
    });
    await raw.exec('ANALYZE fiches; ANALYZE fiche_tirages; ANALYZE fiche_lines');
    log(
      `\nheavy agent day: ${LIST_MAX_PAGE_SIZE} tickets × ${lines} lines × ${draws} draws in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const agentH = await login('bench_heavy_agent');
    const heavyUrl = `/api/agents/fiches?page_size=${LIST_MAX_PAGE_SIZE}`;
    const bytes = (await get(agentH, heavyUrl)()).rawPayload.length;
    const HEAVY_RUNS = Math.min(RUNS, 30);
    const healthIdle = await measure(HEAVY_RUNS, get({}, '/api/health'));
    const page = await measure(HEAVY_RUNS, get(agentH, heavyUrl));
    log(`  reference: /api/health idle                      p50 ${ms(healthIdle.p50)} · p99 ${ms(healthIdle.p99)}`);
    log(
      `  largest agent page (${LIST_MAX_PAGE_SIZE} × ${lines}×${draws} lines)    ${bytes.toLocaleString('fr-FR')} bytes · p50 ${ms(page.p50)} · p99 ${ms(page.p99)}`,
    );
    const loopIdle = monitorEventLoopDelay({ resolution: 1 });
    loopIdle.enable();
    await new Promise((r) => setTimeout(r, 500));
    loopIdle.disable();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const healthLoaded = [];
    let running = true;
    loop.enable();
    const batch = Promise.all(Array.from({ length: 10 }, () => get(agentH, heavyUrl)())).finally(() => {
      running = false;
    });
    while (running) {
      const h0 = performance.now();
      await get({}, '/api/health')();
      healthLoaded.push(performance.now() - h0);
      await new Promise((r) => setTimeout(r, 2));
    }
    await batch;
    loop.disable();
    const p99 = (h) => h.percentile(99) / 1e6;
    const hl = stats(healthLoaded);
    log(
      `  event-loop delay p99: idle ${ms(p99(loopIdle))} · under 10 parallel largest pages ${ms(p99(loop))} (max ${ms(loop.max / 1e6)})`,
    );
    log(
      `  /api/health under the 10 parallel pages: p50 ${ms(hl.p50)} · p99 ${ms(hl.p99)} (${hl.n} calls) · idle p99 ${ms(healthIdle.p99)}`,
    );
    results.push(
      { name: '/api/health idle', ...healthIdle },
      { name: 'largest agent ticket page', url: heavyUrl, bytes, ...page, p50_vs_health: page.p50 / healthIdle.p50 },
      { name: 'event-loop delay p99 (ms)', idle: p99(loopIdle), under_10_heavy_reads: p99(loop), max: loop.max / 1e6 },
      { name: '/api/health under 10 parallel largest pages', ...hl },
    );
  }

  log(`\n${RUNS} calls each, traceability:`);
  log(`\n${RUNS} calls each (app.inject: auth + validation + SQL + serialisation):`);
  for (const [label, headers, u] of cases) {
    const sample = await (await get(headers, u)()).json();
    const s = await measure(RUNS, get(headers, u));
    results.push({ name: label, url: u, count: sample.count, ...s, p50_vs_count: s.p50 / ref.p50 });
    log(
      `  ${label.padEnd(52)} count ${String(sample.count).padStart(7)} · p50 ${ms(s.p50).padStart(10)} · p99 ${ms(s.p99).padStart(10)} · p50/count(*) ${(s.p50 / ref.p50).toFixed(3)}`,
    );
  }

  // The plans, to show which index serves each list.
  const plan = async (label, sql, params) => {
    const rows = await raw.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    log(`\n${label}\n${rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  };
  const bounds = `a.at >= ($3::date::timestamp AT TIME ZONE 'America/Port-au-Prince') AND a.at < (($4::date + 1)::timestamp AT TIME ZONE 'America/Port-au-Prince')`;
  await plan(
    'plan · admin · vendeurs · 1re page',
    `SELECT a.id FROM audit_log a LEFT JOIN users u ON u.id = a.user_id WHERE a.company_id = $1 AND a.role = $2 AND ${bounds} ORDER BY a.at DESC, a.id DESC LIMIT 25`,
    [first.id, 'agent', day(-6), day(0)],
  );
  await plan(
    'plan · superuser « Toutes » · compagnies · 1re page',
    `SELECT a.id FROM audit_log a WHERE a.role = $1 AND a.at >= ($2::date::timestamp AT TIME ZONE 'America/Port-au-Prince') AND a.at < (($3::date + 1)::timestamp AT TIME ZONE 'America/Port-au-Prince') ORDER BY a.at DESC, a.id DESC LIMIT 25`,
    ['company', day(-6), day(0)],
  );
  await plan(
    'plan · superuser « Toutes » · compagnies · count',
    `SELECT count(*) FROM audit_log a WHERE a.role = $1 AND a.at >= ($2::date::timestamp AT TIME ZONE 'America/Port-au-Prince') AND a.at < (($3::date + 1)::timestamp AT TIME ZONE 'America/Port-au-Prince')`,
    ['company', day(-6), day(0)],
  );

  mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
  writeFileSync(
    path.join(ROOT, '.bench/lists.json'),
    `${JSON.stringify({ at: new Date().toISOString(), rows: total, companies: COMPANIES, runs: RUNS, results }, null, 2)}\n`,
  );
  log('\nwritten: .bench/lists.json');
} finally {
  await app?.close().catch(() => {});
  await database?.close().catch(() => {});
  if (process.env.BENCH_KEEP === '1') log(`kept database ${name}`);
  else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

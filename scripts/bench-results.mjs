// `node scripts/bench-results.mjs`: issue 21's figure — the time from a result appearing at the official
// sources to every company's tickets being settled, beside the settlement alone, measured in the same run.
// On PostgreSQL (a scratch database): COMPANIES companies whose draw follows New York Soir, LINES bet lines
// in all on one date, generated set-based. Two local fake sources (node:http) speak the real formats:
// data.ny.gov's Socrata rows (leading zeros stripped) and the aggregator's JSON. Before t0 they answer the
// day without its evening numbers; at t0 both publish the same numbers. The real poller (pollPass, with the
// providers' base URLs pointing at the fakes and the real HTTP client) then runs pass after pass until every
// company's result is settled: both sources agree → confirmed → « Tirage automatique »'s publication.
// The database is copied (CREATE DATABASE … TEMPLATE) just before t0, three times: the pipeline runs on one;
// the references on the others: publishTirageAuto alone (same companies, lines and numbers) and
// borlette_settle alone (the result written directly, one transaction per company). The passes run back to back: in production the wait for the next poll (RESULTS_POLL_SECONDS,
// poll_every_min of each source) comes on top. PGlite is not measured here (bench-engine covers it).
// Env: TEST_DATABASE_URL, BENCH_RESULTS_LINES (1 000 000), BENCH_RESULTS_COMPANIES (100), BENCH_KEEP=1.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, ROOT, src } from './lib/bench-kit.mjs';
import { copyDatabase, fakeSources, generate, settledState, warm } from './lib/bench-results-data.mjs';

register();

const LINES = Number(process.env.BENCH_RESULTS_LINES ?? 1_000_000);
const COMPANIES = Number(process.env.BENCH_RESULTS_COMPANIES ?? 100);
const PICK3 = '047';
const PICK4 = '0358';
const MAX_PASSES = 20;
const log = (...a) => console.log(...a);
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const { pollPass } = await import(src('modules/results/poller.ts'));
const { publishTirageAuto } = await import(src('modules/info-tirage/tirage-auto.service.ts'));
const { SYSTEM_CONTEXT } = await import(src('http/context.ts'));

const results = [];
const add = (name, value, unit, reference, referenceLabel) =>
  results.push({
    name,
    value: Math.round(value * 10) / 10,
    unit,
    reference: Math.round(reference * 10) / 10,
    referenceLabel,
    ratio: Math.round((value / reference) * 1000) / 1000,
  });

const name = `borlette_bench_results_${randomBytes(4).toString('hex')}`;
const copies = [`${name}_poll`, `${name}_pub`, `${name}_settle`];
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const urlOf = (db) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
};
let database;
let feeds;
const extra = {};
try {
  database = await openPostgres(urlOf(name), { max: 4 });
  await prepareDatabase(database, { demo: false });
  // A date whose New York Soir (22:30 New York) is well past: two days before New York's today.
  const [{ date, official }] = await database.raw.query(
    `SELECT to_char((now() AT TIME ZONE 'America/New_York')::date - 2, 'YYYY-MM-DD') AS date,
            ((((now() AT TIME ZONE 'America/New_York')::date - 2) + draw_time) AT TIME ZONE timezone) AS official
       FROM draw_sources WHERE state = 'NY' AND session = 'soir'`,
  );
  await database.transaction((tx) => generate(tx, date, { companies: COMPANIES, lines: LINES }));
  await database.raw.exec('VACUUM ANALYZE');
  feeds = await fakeSources(date, { pick3: PICK3, pick4: PICK4 });
  await database.raw.query(
    `UPDATE result_providers SET enabled = code IN ('ny-open-data', 'aggregator'),
            base_url = CASE code WHEN 'ny-open-data' THEN $1 || '/ny' WHEN 'aggregator' THEN $1 || '/agg' ELSE base_url END`,
    [feeds.base],
  );
  const [prov] = await database.raw.query(
    `SELECT max(poll_start_min)::int AS start, max(poll_every_min)::int AS every FROM result_providers WHERE enabled`,
  );
  // The poller's clock: each pass is the next poll of the schedule (official time + start, + every, …).
  const passAt = (k) => new Date(new Date(official).getTime() + (prov.start + k * prov.every) * 60_000);
  const first = await pollPass({ database }, { now: passAt(0) });
  log(`pass before t0: ${JSON.stringify(first)} (the sources answer the day without its evening numbers)`);
  // Three copies taken now, one for the pipeline and one for each reference: the same data, sessions and
  // fetch log, each read the same way before its run (no side starts with a warmer cache).
  await database.close();
  database = null;
  for (const copy of copies) await copyDatabase(admin, name, copy);
  database = await openPostgres(urlOf(copies[0]), { max: 4 });
  await warm(database.raw, date);

  log(`t0: both sources publish ${PICK3}/${PICK4}; poll passes until every company is settled…`);
  feeds.publish();
  const t0 = performance.now();
  const t0Wall = Date.now();
  const passes = [];
  let state;
  for (let k = 1; k <= MAX_PASSES; k++) {
    const p0 = performance.now();
    const answer = await pollPass({ database }, { now: passAt(k) });
    passes.push({ ...answer, ms: Math.round(performance.now() - p0) });
    state = await settledState(database.raw, date);
    if (state.settled >= COMPANIES) break;
  }
  const pipelineMs = performance.now() - t0;
  if (state.settled < COMPANIES)
    throw new Error(`only ${state.settled}/${COMPANIES} settled after ${MAX_PASSES} passes`);
  log(`  ${passes.length} pass(es): ${JSON.stringify(passes)}; ${state.settled} companies settled, wins ${state.wins}`);
  // Where the time went: the sources' answers (the fetch log), then the first and the last company's
  // transaction (settled_at is its start, same clock as this process).
  const [split] = await database.raw.query(
    `SELECT (SELECT coalesce(sum(duration_ms), 0)::int FROM result_fetches WHERE at >= $2::timestamptz) AS fetch_ms,
            (extract(epoch FROM min(i.settled_at)) * 1000)::float8 AS first_at,
            (extract(epoch FROM max(i.settled_at)) * 1000)::float8 AS last_at
       FROM info_tirages i JOIN tirages t ON t.id = i.tirage_id
       JOIN draw_sources s ON s.id = t.source_id AND s.state = 'NY' AND s.session = 'soir' WHERE i.draw_date = $1::date`,
    [date, passAt(1).toISOString()],
  );
  const toFirst = split.first_at - t0Wall;
  log(
    `  t0 -> first company's settlement begins ${toFirst.toFixed(0)} ms (of which the two sources' answers ${split.fetch_ms} ms);` +
      ` first -> last company's begins ${(split.last_at - split.first_at).toFixed(0)} ms; t0 -> all settled ${pipelineMs.toFixed(0)} ms`,
  );
  extra.split = {
    t0ToFirstCompanyMs: Math.round(toFirst),
    fetchMs: split.fetch_ms,
    firstToLastMs: Math.round(split.last_at - split.first_at),
  };
  const [lines] = await database.raw.query(
    `SELECT count(*)::int AS n FROM fiche_lines l JOIN tirages t ON t.id = l.tirage_id
       JOIN draw_sources s ON s.id = t.source_id AND s.state = 'NY' AND s.session = 'soir' WHERE l.draw_date = $1::date`,
    [date],
  );

  // Reference 1: « Tirage automatique »'s publication alone, on the copy.
  const pub = await openPostgres(urlOf(copies[1]), { max: 4 });
  let refPublish;
  let pubState;
  try {
    await warm(pub.raw, date);
    const t1 = performance.now();
    const answer = await publishTirageAuto(pub, SYSTEM_CONTEXT, {
      state: 'NY',
      session: 'soir',
      draw_date: date,
      pick3: PICK3,
      pick4: PICK4,
      confirm: false,
    });
    refPublish = performance.now() - t1;
    pubState = await settledState(pub.raw, date);
    log(
      `  publication alone: ${answer.companies.length} companies, ${pubState.settled} settled, wins ${pubState.wins}`,
    );
  } finally {
    await pub.close();
  }
  // Reference 2: the engine's settlement alone: the result row written directly, borlette_settle, one
  // transaction per company (no audit, no versions, no platform result).
  const bare = await openPostgres(urlOf(copies[2]), { max: 4 });
  let refSettle;
  try {
    const draws = await bare.raw.query(
      `SELECT t.company_id, t.id FROM tirages t JOIN draw_sources s ON s.id = t.source_id
        WHERE s.state = 'NY' AND s.session = 'soir' ORDER BY t.company_id`,
    );
    await warm(bare.raw, date);
    const t2 = performance.now();
    for (const d of draws) {
      await bare.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO info_tirages (company_id, tirage_id, draw_date, pick3, pick4, lot1, lot2, lot3, origin)
           VALUES ($1, $2, $3::date, $4, $5, right($4, 2), left($5, 2), right($5, 2), 'auto')`,
          [d.company_id, d.id, date, PICK3, PICK4],
        );
        await tx.query('SELECT borlette_settle($1, $2, $3::date, NULL, false)', [d.company_id, d.id, date]);
      });
    }
    refSettle = performance.now() - t2;
    const st = await settledState(bare.raw, date);
    log(`  borlette_settle alone: ${st.settled} settled, wins ${st.wins}`);
    if (st.wins !== state.wins || pubState.wins !== state.wins)
      log(`  WARNING: the wins differ (pipeline ${state.wins}, publication ${pubState.wins}, settle ${st.wins})`);
  } finally {
    await bare.close();
  }
  const size = `${COMPANIES} companies, ${lines.n.toLocaleString('fr-FR')} lines`;
  add(
    `result at the sources -> all settled (${size})`,
    pipelineMs / 1000,
    's',
    refPublish / 1000,
    'publishTirageAuto alone, same data',
  );
  add(
    `result at the sources -> all settled (${size})`,
    pipelineMs / 1000,
    's',
    refSettle / 1000,
    'borlette_settle alone, one tx per company',
  );
  add('publishTirageAuto alone', refPublish / 1000, 's', refSettle / 1000, 'borlette_settle alone, one tx per company');
  Object.assign(extra, { passes, lines: lines.n, companies: COMPANIES, fetches: feeds.requests(), date });
} finally {
  await database?.close();
  await feeds?.close();
  for (const db of [name, ...copies]) {
    if (process.env.BENCH_KEEP === '1') log(`base conservée : ${db}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
  await admin.end();
}

const w = Math.max(...results.map((r) => r.name.length));
console.log(`\n${'figure'.padEnd(w)}  ${'value'.padStart(9)}  ${'reference'.padStart(9)}  ratio    reference is`);
for (const r of results) {
  console.log(
    `${r.name.padEnd(w)}  ${`${r.value} ${r.unit}`.padStart(9)}  ${`${r.reference} ${r.unit}`.padStart(9)}  ${String(r.ratio).padEnd(7)}  ${r.referenceLabel}`,
  );
}
log('(passes back to back: in production the wait for the next poll — poll_every_min — comes on top)');
mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
const file = path.join(ROOT, '.bench/results-pipeline.json');
writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...extra, results }, null, 2)}\n`);
console.log(`\nRésultats : ${path.relative(ROOT, file)}`);

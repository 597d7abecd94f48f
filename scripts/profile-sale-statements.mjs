// `node scripts/profile-sale-statements.mjs`: where one sale's time goes, statement by statement (issue 19).
// A copy of borlette_sell (this checkout's functions/borlette_sell.sql) with a clock reading before each of
// its top-level statements answers those readings with the ticket; one client sells the bench's ticket
// (pgbenchSaleScript: 7 lines, 1 draw, free mariages) PROFILE_SALES times and the median time of each
// statement is printed, with the whole call's round trip. Executor start-up and end are inside each
// statement's time (auto_explain and pg_stat_statements leave them out: on the sale they are half of it).
// One client: no lock waits, so the figures are the statements' own cost; beside them, one client's
// pgbench tpcb-like transaction (7 round trips, 4 rows). Nothing is asserted.
// Env: TEST_DATABASE_URL (admin connection), PROFILE_SALES (600; the first 100 warm up), PROFILE_KEEP=1.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';
import { pgbenchSaleScript, src } from './lib/bench-kit.mjs';
import { withScratchDatabase } from './lib/scratch-database.mjs';

register();
const SALES = Number(process.env.PROFILE_SALES ?? 600);
const WARM = Math.min(100, Math.floor(SALES / 6));

/**
 * borlette_sell as borlette_sell_timed: `v_ts` gets clock_timestamp() before every top-level statement (a
 * line at the body's indentation that starts a statement: the previous one ended with `;`), and the
 * answer carries them with each statement's first words.
 */
export function timedSell(source) {
  const body = source.split('\nALTER FUNCTION')[0].replace('FUNCTION borlette_sell(', 'FUNCTION borlette_sell_timed(');
  const lines = body.split('\n');
  const out = [];
  const labels = [];
  let inBody = false;
  let ended = true;
  const mark = () => '  v_ts := v_ts || extract(epoch FROM clock_timestamp())::float8;';
  for (const line of lines) {
    if (!inBody && line === 'BEGIN') {
      out.push('  v_ts float8[] := ARRAY[]::float8[];', line);
      inBody = true;
      continue;
    }
    const top = inBody && /^ {2}\S/.test(line) && !/^ {2}--/.test(line);
    const continuation = /^ {2}(END|ELSE|ELSIF|EXCEPTION)\b/.test(line);
    if (top && ended && !continuation) {
      out.push(mark());
      labels.push(line.trim().slice(0, 60));
    }
    if (line.startsWith('END $$')) {
      inBody = false;
    } else if (inBody && line.trim() && !line.trim().startsWith('--')) {
      ended = line.trimEnd().endsWith(';') || /\b(THEN|LOOP|ELSE|BEGIN)$/.test(line.trimEnd());
    }
    // The last statement returns the answer: it carries the readings.
    out.push(
      line === '  RETURN v_answer;'
        ? `${mark()}\n  RETURN v_answer || jsonb_build_object('ts', to_jsonb(v_ts));`
        : line,
    );
  }
  return { sql: out.join('\n'), labels };
}

await withScratchDatabase(
  { kind: 'statements', agents: 8, ports: [3400, 100], keep: process.env.PROFILE_KEEP === '1' },
  async ({ database, fixtures, url }) => {
    const raw = database.raw;
    // As the bench's pgbench run: a refusal would end the loop.
    await raw.query('DELETE FROM sale_limits WHERE company_id = $1', [fixtures.companyId]);
    await raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [fixtures.companyId]);
    const { sql, labels } = timedSell(readFileSync(src('db/functions/borlette_sell.sql'), 'utf8'));
    await raw.exec(sql);
    await raw.exec('ALTER FUNCTION borlette_sell_timed(jsonb) SET plan_cache_mode = force_generic_plan');
    const sale = pgbenchSaleScript(fixtures).replace('borlette_sell(', 'borlette_sell_timed(').replace(/;\s*$/, '');
    const per = labels.map(() => []);
    const trips = [];
    for (let i = 0; i < SALES; i++) {
      const t0 = process.hrtime.bigint();
      const [row] = await raw.query(sale);
      const trip = Number(process.hrtime.bigint() - t0) / 1e3;
      if (i < WARM) continue;
      const ts = Object.values(row)[0].ts;
      trips.push(trip);
      // Reading k is taken before statement k; the last one before the answer's RETURN.
      for (let k = 0; k + 1 < ts.length; k++) per[k].push((ts[k + 1] - ts[k]) * 1e6);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const medians = per.map(median);
    const inside = medians.reduce((a, b) => a + b, 0);
    console.log(`borlette_sell, one client, ${trips.length} sales: median µs per statement (share of the function)`);
    const row = (us, label) =>
      console.log(
        `  ${String(Math.round(us)).padStart(6)}  ${((us * 100) / inside).toFixed(1).padStart(5)} %  ${label}`,
      );
    // The plain assignments and tests (a few µs each, the clock reading included) on one line.
    const small = medians.map((us, k) => (per[k].length && us < 10 ? k : -1)).filter((k) => k >= 0);
    for (const [k, label] of labels.entries()) if (per[k].length && medians[k] >= 10) row(medians[k], label);
    row(
      small.reduce((a, k) => a + medians[k], 0),
      `${small.length} other statements (assignments, IF tests, under 10 µs each)`,
    );
    console.log(`  ${String(Math.round(inside)).padStart(6)}  in the function (sum of the medians)`);
    console.log(
      `  ${String(Math.round(median(trips))).padStart(6)}  round trip (call, commit and its WAL flush included)`,
    );
    // The reference of issue 19's ratios, at the same depth: one client's tpcb-like transaction.
    spawnSync('pgbench', ['-i', '-s', '1', '-q', url], { encoding: 'utf8' });
    const t = spawnSync('pgbench', ['-c', '1', '-T', '5', url], { encoding: 'utf8' });
    const lat = /latency average = ([\d.]+) ms/.exec(t.stdout);
    if (lat)
      console.log(
        `  ${String(Math.round(Number(lat[1]) * 1000)).padStart(6)}  pgbench tpcb-like, one client: a whole transaction`,
      );
  },
);

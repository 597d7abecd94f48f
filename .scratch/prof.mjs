// Scratch profile of the rules inside borlette_sell (not committed).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ADMIN_URL, seedSelling, src, pgbenchSaleScript } from '/work/wt-rules/scripts/lib/bench-kit.mjs';
register();
const { hashPassword } = await import(src('lib/password.ts'));
const { openPostgres } = await import(src('db/client.ts'));
const { prepareDatabase } = await import(src('db/setup.ts'));
const name = `h5_prof_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(ADMIN_URL); url.pathname = `/${name}`;
const db = await openPostgres(url.toString(), { max: 1 });
try {
  await prepareDatabase(db, { demo: false });
  const f = await seedSelling(db.raw, hashPassword, 8);
  await db.raw.query('DELETE FROM sale_limits WHERE company_id = $1', [f.companyId]); await db.raw.query('DELETE FROM boule_blocks WHERE company_id = $1', [f.companyId]);
  const stmt = pgbenchSaleScript(f);
  const { readFileSync } = await import('node:fs');
  const cpu = async () => { const [{ pid }] = await db.raw.query('SELECT pg_backend_pid() AS pid'); const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const x = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(x[11]) + Number(x[12])) * 10; };
  const run = async (n) => { const c0 = await cpu(); for (let i = 0; i < n; i++) await db.raw.query(stmt); return ((await cpu()) - c0) / n; };
  const ins = `INSERT INTO risk_rules (company_id, share_on, share_bp, share_floor, share_games, late_on, late_minutes,
      late_factor_bp, date_on, date_amount, digit_on, digit_amount, digits, pair_balls)
    VALUES (${f.companyId}, true, 1000, 100000000000, '{bolet,mariage,loto3,loto4,loto5}', true, 720, 10000, true,
      100000000000, true, 100000000000, '7', '{12,34}')`;
  await run(200);
  for (let k = 0; k < 3; k++) {
    await db.raw.query('DELETE FROM risk_rules'); const off = await run(300);
    await db.raw.query(ins); const on = await run(300);
    console.log('off', off.toFixed(2), 'on', on.toFixed(2), 'ratio on/off backend CPU ms', (on / off).toFixed(3));
  }
  const t = f.tirages[0];
  const q = `EXPLAIN (ANALYZE, BUFFERS) SELECT borlette_rule_problems(${f.companyId}, (now() AT TIME ZONE 'America/Port-au-Prince')::date, ARRAY[${t}]::bigint[], ARRAY[${t},${t},${t}]::bigint[], ARRAY[20,20,40], ARRAY['12','45','12*67'], ARRAY[100,100,100]::bigint[], ARRAY[1,2,3], 0, 'HTG', false)`;
  for (let i = 0; i < 3; i++) await db.raw.query(q);
  console.log((await db.raw.query(q)).map((r) => r['QUERY PLAN']).join('\n'));
  if (process.env.PLAN) { const inner = `EXPLAIN (ANALYZE, BUFFERS)   SELECT coalesce(jsonb_agg(jsonb_build_object(
           'status', 409, 'code', CASE WHEN c.max_amount = 0 THEN 'RULE_BLOCKED' ELSE 'RULE_LIMIT' END,
           'message', CASE WHEN c.max_amount = 0
             THEN format('Ligne %s : Limite automatique : %s bloqué (%s) pour %s.', g.position, g.number,
                         borlette_rule_label(c.rule), t.name)
             ELSE format('Ligne %s : Limite automatique : %s limité à %s %s (%s) pour %s ; il reste %s %s.', g.position,
                         g.number, borlette_money(c.max_amount), 'HTG', borlette_rule_label(c.rule), t.name,
                         borlette_money(greatest(c.max_amount - (s.before), 0)), 'HTG') END,
           'line', g.position, 'number', g.number, 'tirage_id', c.tirage_id, 'rule', c.rule,
           'limit', c.max_amount, 'remaining', greatest(c.max_amount - (s.before), 0))
           ORDER BY g.position, c.tirage_id, g.code, g.number), '[]'::jsonb)
    FROM (SELECT array_agg(x.code) AS codes, array_agg(x.number) AS numbers
            FROM (SELECT DISTINCT u.code, u.number FROM unnest(ARRAY[20,20,40], ARRAY['12','45','12*67']) u(code, number)) x) b
   CROSS JOIN LATERAL borlette_rule_cells(${f.companyId}::bigint, (now() AT TIME ZONE 'America/Port-au-Prince')::date, ARRAY[${t}]::bigint[], b.codes, b.numbers, 0::bigint) c
    JOIN unnest(ARRAY[${t},${t},${t}]::bigint[], ARRAY[20,20,40], ARRAY['12','45','12*67'], ARRAY[100,100,100]::bigint[], ARRAY[1,2,3]) AS g(tirage_id, code, number, amount, position)
      ON g.tirage_id = c.tirage_id AND g.code = c.code AND g.number = c.number
    JOIN tirages t ON t.id = c.tirage_id
   -- What was sold before this ticket.
   CROSS JOIN LATERAL (SELECT c.sold - CASE WHEN false THEN g.amount ELSE 0 END AS before) s
   WHERE s.before + g.amount > c.max_amount
`;
  for (let i = 0; i < 2; i++) await db.raw.query(inner);
  console.log((await db.raw.query(inner)).map((r) => r['QUERY PLAN']).join('\n')); }
  const t0 = performance.now(); for (let i = 0; i < 200; i++) await db.raw.query(q.replace('EXPLAIN (ANALYZE, BUFFERS) ', '')); console.log('rule_problems alone ms', ((performance.now() - t0) / 200).toFixed(2));
  await db.raw.query("SET plan_cache_mode = force_generic_plan");
  const t1 = performance.now(); for (let i = 0; i < 200; i++) await db.raw.query(q.replace('EXPLAIN (ANALYZE, BUFFERS) ', '')); console.log('rule_problems alone generic ms', ((performance.now() - t1) / 200).toFixed(2));
} finally {
  await db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

// The data and the fake sources of scripts/bench-results.mjs (issue 21's « result → settled »).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const log = (...a) => console.log(...a);

/** The two sources: NY's Socrata dataset and the aggregator, each in its own format, switched at t0. */
export async function fakeSources(date, { pick3, pick4 }) {
  let published = false;
  const strip = (s) => String(Number(s)); // data.ny.gov drops leading zeros
  const answer = (url) => {
    if (url.pathname === '/ny/resource/hsys-3def.json') {
      const row = { draw_date: `${date}T00:00:00.000`, midday_daily: '512', midday_win_4: '903' };
      if (published) Object.assign(row, { evening_daily: strip(pick3), evening_win_4: strip(pick4) });
      return [200, [row]];
    }
    if (url.pathname === '/agg/results') {
      const results = published ? [{ state: 'NY', session: 'soir', date, pick3, pick4 }] : [];
      return [200, { results }];
    }
    return [404, { error: 'not found' }];
  };
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const [status, body] = answer(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    publish: () => {
      published = true;
    },
    requests: () => requests,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** `companies` companies, each with its NY Soir draw (borlette_init_company), one agent, `lines` lines on `date`. */
export async function generate(raw, date, { companies: COMPANIES, lines: LINES }) {
  const tag = randomBytes(2).toString('hex').toUpperCase();
  await raw.query(
    `INSERT INTO companies (ref_code, name, country_id, timezone)
     SELECT 'RES' || $1 || k, 'Borlette Résultats ' || k, c.id, 'America/Port-au-Prince'
       FROM countries c CROSS JOIN generate_series(1, $2) k WHERE c.name_code = 'HT'`,
    [tag, COMPANIES],
  );
  await raw.query(`SELECT borlette_init_company(id) FROM companies WHERE ref_code LIKE 'RES' || $1 || '%'`, [tag]);
  await raw.query(
    `INSERT INTO surcussales (company_id, name) SELECT id, 'Centre' FROM companies WHERE ref_code LIKE 'RES' || $1 || '%'`,
    [tag],
  );
  await raw.query(
    `INSERT INTO users (username, role, company_id, surcussale_id, password_hash)
     SELECT 'res_' || lower($1) || '_' || s.company_id, 'agent', s.company_id, s.id, 'x'
       FROM surcussales s JOIN companies c ON c.id = s.company_id WHERE c.ref_code LIKE 'RES' || $1 || '%'`,
    [tag],
  );
  await raw.query(
    `CREATE TEMP TABLE bench_co AS
       SELECT row_number() OVER (ORDER BY c.id) - 1 AS k, c.id AS company_id, u.id AS agent_id,
              u.surcussale_id, t.id AS tirage_id
         FROM companies c JOIN users u ON u.company_id = c.id AND u.role = 'agent'
         JOIN tirages t ON t.company_id = c.id
         JOIN draw_sources s ON s.id = t.source_id AND s.state = 'NY' AND s.session = 'soir'
        WHERE c.ref_code LIKE 'RES${tag}%'`,
  );
  const [{ n }] = await raw.query('SELECT count(*)::int AS n FROM bench_co');
  if (n !== COMPANIES) throw new Error(`${n} companies follow New York Soir, ${COMPANIES} expected`);
  const tickets = Math.ceil(LINES / 6.5);
  log(
    `data: ${COMPANIES} companies following New York Soir, ${tickets.toLocaleString('fr-FR')} tickets, ${LINES.toLocaleString('fr-FR')} lines on ${date}…`,
  );
  const t0 = performance.now();
  // Ticket g belongs to company g % COMPANIES; its id is first + g (one INSERT, ids in order).
  await raw.query(
    `INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash, sale_date,
                         sold_at, amount, commission_bp, commission_amount)
     SELECT b.company_id, 700000000 + g, md5('res' || g || $3), b.agent_id, b.surcussale_id, 'r' || g, 'h', $2::date,
            $2::date + time '10:00' + make_interval(secs => g % 30000), 0, 1000, 0
       FROM generate_series(0, $1 - 1) g JOIN bench_co b ON b.k = g % ${COMPANIES}
      ORDER BY g`,
    [tickets, date, tag],
  );
  const [{ first }] = await raw.query(
    'SELECT min(id) AS first FROM fiches WHERE company_id IN (SELECT company_id FROM bench_co)',
  );
  await raw.query(
    `INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2,
                              prime3, template, cumulative)
     SELECT b.company_id, $1::bigint + g % $2, b.tirage_id, $4::date, g / $2 + 1, x.code,
            CASE x.code WHEN 20 THEN lpad((r % 100)::text, 2, '0')
                        WHEN 40 THEN lpad((r % 50)::text, 2, '0') || '*' || lpad((50 + r % 50)::text, 2, '0')
                        WHEN 30 THEN lpad((r % 1000)::text, 3, '0') ELSE lpad((r % 10000)::text, 4, '0') END,
            100 * (1 + r % 40),
            CASE x.code WHEN 20 THEN 50 WHEN 40 THEN 1000 WHEN 30 THEN 500 ELSE 5000 END,
            CASE WHEN x.code = 20 THEN 20 END, CASE WHEN x.code = 20 THEN 10 END,
            CASE WHEN x.code = 41 THEN '{lot2}{lot3}' END, true
       FROM generate_series(0, $3 - 1) g
       CROSS JOIN LATERAL (SELECT (g * 2654435761) % 1000003 AS r) rr
       CROSS JOIN LATERAL (SELECT CASE WHEN r % 10 < 5 THEN 20 WHEN r % 10 < 7 THEN 40 WHEN r % 10 < 9 THEN 30 ELSE 41 END AS code) x
       JOIN bench_co b ON b.k = (g % $2) % ${COMPANIES}`,
    [first, tickets, LINES, date],
  );
  // Ticket totals, the ticket's draw and the summaries the settlement moves, as the sale writes them.
  await raw.query(
    `WITH s AS (SELECT fiche_id, sum(stake)::bigint AS amount FROM fiche_lines
                 WHERE company_id IN (SELECT company_id FROM bench_co) GROUP BY fiche_id)
     UPDATE fiches f SET amount = s.amount, commission_amount = (s.amount * 1000 + 5000) / 10000 FROM s WHERE f.id = s.fiche_id`,
  );
  await raw.query(
    `INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount)
     SELECT f.company_id, f.id, b.tirage_id, f.sale_date, f.amount, f.commission_amount
       FROM fiches f JOIN bench_co b ON b.company_id = f.company_id`,
  );
  await raw.query(
    `INSERT INTO stats_agent_draw_day (company_id, business_date, tirage_id, agent_id, surcussale_id, tickets, sales, commission)
     SELECT b.company_id, $1::date, b.tirage_id, b.agent_id, b.surcussale_id, count(*), sum(f.amount), sum(f.commission_amount)
       FROM bench_co b JOIN fiches f ON f.company_id = b.company_id GROUP BY 1, 2, 3, 4, 5`,
    [date],
  );
  await raw.query(
    `INSERT INTO stats_agent_day (company_id, business_date, agent_id, surcussale_id, tickets, sales, commission)
     SELECT company_id, business_date, agent_id, surcussale_id, tickets, sales, commission
       FROM stats_agent_draw_day WHERE company_id IN (SELECT company_id FROM bench_co)`,
  );
  log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** How many of the companies have their NY Soir result of `date` settled; the sum of their tickets' wins. */
export async function settledState(raw, date) {
  const [r] = await raw.query(
    `SELECT count(*) FILTER (WHERE i.settled_at IS NOT NULL)::int AS settled,
            (SELECT coalesce(sum(ft.win_amount), 0)::text FROM fiche_tirages ft JOIN tirages t2 ON t2.id = ft.tirage_id
              WHERE t2.source_id = s.id AND ft.draw_date = $1::date) AS wins
       FROM draw_sources s JOIN tirages t ON t.source_id = s.id
       LEFT JOIN info_tirages i ON i.tirage_id = t.id AND i.draw_date = $1::date
      WHERE s.state = 'NY' AND s.session = 'soir' GROUP BY s.id`,
    [date],
  );
  return r;
}

export async function copyDatabase(admin, from, to) {
  // The template must have no session: the pool's just closed may take a moment to leave.
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${to} TEMPLATE ${from}`);
      return;
    } catch (err) {
      if (i >= 50 || !/being accessed by other users/.test(String(err.message))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The same reads on each copy before its run: the date's lines, tickets and tickets' draws. */
export async function warm(raw, date) {
  await raw.query(
    'SELECT count(*), sum(l.stake) FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id WHERE l.draw_date = $1::date',
    [date],
  );
  await raw.query('SELECT count(*), sum(amount) FROM fiche_tirages WHERE draw_date = $1::date', [date]);
}

import { randomBytes } from 'node:crypto';
import type { RawClient } from '../db/client';
import { middayZone } from '../lib/midday-zone';
import { hashPassword } from '../lib/password';

/** The crash harness's world: a company in a midday zone, selling agents, and draws with many lines to settle. */

export const PASSWORD = 'crash-pass-123';
export const RESULT = { pick3: '123', pick4: '4567' }; // lots 23 45 67
export const CORRECTION = { pick3: '890', pick4: '9012' }; // lots 90 90 12
export const LIMITED_BALL = '07';

/* ---------------- fixtures ---------------- */

export interface Fixtures {
  companyId: number;
  agents: string[];
  admin: string;
  saleTirages: number[];
  settleTirages: [number, number];
  today: string;
}

export async function seedFixtures(raw: RawClient, opts: { agents: number; settleLines: number }): Promise<Fixtures> {
  const hash = await hashPassword(PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const [c] = await raw.query<{ id: number }>(
    `INSERT INTO companies (ref_code, name, country_id, timezone)
     SELECT 'CRASH' || upper($1), 'Crash test ' || $1, id, $2 FROM countries WHERE name_code = 'HT' RETURNING id`,
    [tag, middayZone()],
  );
  await raw.query('SELECT borlette_init_company($1)', [c.id]);
  const [s] = await raw.query<{ id: number }>(
    "INSERT INTO surcussales (company_id, name) VALUES ($1, 'Centre') RETURNING id",
    [c.id],
  );
  const agents = await raw.query<{ username: string }>(
    `INSERT INTO users (username, role, first_name, last_name, company_id, surcussale_id, password_hash, full_access)
     SELECT 'crash_' || $4 || '_' || k, 'agent', 'Vendeur', k::text, $1, $2, $3, true FROM generate_series(1, $5) k
     RETURNING username`,
    [c.id, s.id, hash, tag, opts.agents],
  );
  const [admin] = await raw.query<{ username: string }>(
    `INSERT INTO users (username, role, first_name, last_name, company_id, password_hash, full_access)
     VALUES ('crash_admin_' || $3, 'company', 'Admin', 'Crash', $1, $2, true) RETURNING username`,
    [c.id, hash, tag],
  );
  // The generated tickets of the settlement draws belong to a seller of their own (never signed in).
  const [gen] = await raw.query<{ id: number }>(
    `INSERT INTO users (username, role, company_id, surcussale_id, password_hash, full_access)
     VALUES ('crash_gen_' || $3, 'agent', $1, $2, 'x', true) RETURNING id`,
    [c.id, s.id, tag],
  );
  // Draws of the company's own, forced open: they sell at any hour, and take a result at once.
  const tirages = await raw.query<{ id: number }>(
    `INSERT INTO tirages (company_id, name, days, open_time, close_time, mode)
     SELECT $1, 'Crash ' || k, '{0,1,2,3,4,5,6}', '00:00', '00:01', 'open' FROM generate_series(1, 4) k
     RETURNING id`,
    [c.id],
  );
  const ids = tirages.map((t) => t.id).sort((a, b) => a - b);
  // A limited ball: some sales are refused (409) and must leave nothing behind.
  await raw.query('INSERT INTO sale_limits (company_id, code, number, max_amount) VALUES ($1, 20, $2, 30000)', [
    c.id,
    LIMITED_BALL,
  ]);
  await raw.query('INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, NULL, 1)', [
    c.id,
  ]);
  const [{ d: today }] = await raw.query<{ d: string }>(
    "SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS d FROM companies WHERE id = $1",
    [c.id],
  );
  for (const t of opts.settleLines > 0 ? [ids[2], ids[3]] : []) {
    await generateDrawTickets(raw, {
      companyId: c.id,
      surcussaleId: s.id,
      agentId: gen.id,
      tirageId: t,
      today,
      lines: opts.settleLines,
    });
  }
  return {
    companyId: c.id,
    agents: agents.map((a) => a.username),
    admin: admin.username,
    saleTirages: [ids[0], ids[1]],
    settleTirages: [ids[2], ids[3]],
    today,
  };
}

/**
 * `lines` bet lines on one draw (8 per ticket), written in bulk with everything a sale writes beside
 * them (the ticket's draw, its ledger entry, the summaries, the limit counters), so that every
 * invariant holds before the settlement — checked before the crash, like after it.
 */
async function generateDrawTickets(
  raw: RawClient,
  v: { companyId: number; surcussaleId: number; agentId: number; tirageId: number; today: string; lines: number },
) {
  const perTicket = 8;
  const tickets = Math.ceil(v.lines / perTicket);
  const key = `gen-${v.tirageId}-`;
  const mine = `company_id = $1 AND idempotency_key LIKE '${key}%'`;
  await raw.query(
    `INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash, sale_date,
                         amount, commission_bp, commission_amount)
     SELECT $1::bigint, 9000000000 + $2::bigint * 100000 + k, md5($2::text || '-' || k::text || random()::text),
            $3::bigint, $4::bigint,
            '${key}' || k, 'generated', $5::date, 0, 1000, 0
       FROM generate_series(1, $6) k`,
    [v.companyId, v.tirageId, v.agentId, v.surcussaleId, v.today, tickets],
  );
  await raw.query(
    `INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1, prime2,
                              prime3, template, cumulative)
     SELECT $1::bigint, f.id, $2::bigint, $3::date, p.pos, x.code,
            CASE x.code WHEN 20 THEN lpad((s % 100)::text, 2, '0')
                        WHEN 40 THEN lpad((s % 50)::text, 2, '0') || '*' || lpad((50 + (s / 100) % 50)::text, 2, '0')
                        WHEN 30 THEN lpad((s % 1000)::text, 3, '0')
                        ELSE lpad((s % 10000)::text, 4, '0') END,
            100 * (1 + r % 50),
            CASE x.code WHEN 20 THEN 50 WHEN 40 THEN 1000 WHEN 30 THEN 500 ELSE 5000 END,
            CASE WHEN x.code = 20 THEN 20 END, CASE WHEN x.code = 20 THEN 10 END,
            CASE WHEN x.code = 41 THEN '{lot2}{lot3}' END, r % 3 <> 0
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS i FROM fiches WHERE ${mine}) f
      CROSS JOIN generate_series(1, ${perTicket}) p(pos)
      CROSS JOIN LATERAL (SELECT ((f.i * 31 + p.pos) * 2654435761) % 1000003 AS r) rr
      CROSS JOIN LATERAL (SELECT (rr.r * 7919 + p.pos * 104729) % 1000003 AS s) ss
      CROSS JOIN LATERAL (SELECT CASE WHEN r % 10 < 5 THEN 20 WHEN r % 10 < 7 THEN 40 WHEN r % 10 < 9 THEN 30
                                      ELSE 41 END AS code) x`,
    [v.companyId, v.tirageId, v.today],
  );
  await raw.query(
    `UPDATE fiches f SET amount = s.total, commission_amount = (s.total * f.commission_bp + 5000) / 10000
       FROM (SELECT fiche_id, sum(stake)::bigint AS total FROM fiche_lines
              WHERE company_id = $1 AND tirage_id = $2 GROUP BY fiche_id) s
      WHERE f.id = s.fiche_id`,
    [v.companyId, v.tirageId],
  );
  await raw.query(
    `INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount)
     SELECT company_id, id, $2::bigint, sale_date, amount, commission_amount FROM fiches WHERE ${mine}`,
    [v.companyId, v.tirageId],
  );
  await raw.query(
    `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date)
     SELECT company_id, agent_id, 'sale', amount - commission_amount, amount, commission_amount, id, sale_date
       FROM fiches WHERE ${mine}`,
    [v.companyId],
  );
  await raw.query(
    `INSERT INTO stats_agent_draw_day (company_id, business_date, tirage_id, agent_id, surcussale_id, tickets, sales,
                                       commission)
     SELECT company_id, sale_date, $2::bigint, agent_id, surcussale_id, count(*), sum(amount), sum(commission_amount)
       FROM fiches WHERE ${mine} GROUP BY company_id, sale_date, agent_id, surcussale_id`,
    [v.companyId, v.tirageId],
  );
  await raw.query(
    `INSERT INTO stats_agent_day AS s (company_id, business_date, agent_id, surcussale_id, tickets, sales, commission)
     SELECT company_id, sale_date, agent_id, surcussale_id, count(*), sum(amount), sum(commission_amount)
       FROM fiches WHERE ${mine} GROUP BY company_id, sale_date, agent_id, surcussale_id
     ON CONFLICT (company_id, business_date, agent_id) DO UPDATE
       SET tickets = s.tickets + EXCLUDED.tickets, sales = s.sales + EXCLUDED.sales,
           commission = s.commission + EXCLUDED.commission`,
    [v.companyId],
  );
  await raw.query(
    `INSERT INTO sale_counters AS c (company_id, tirage_id, draw_date, agent_id, code, number, amount)
     SELECT $1::bigint, $2::bigint, l.draw_date, a.agent_id, l.code, l.number, sum(l.stake)::bigint
       FROM fiche_lines l JOIN fiches f ON f.id = l.fiche_id
      CROSS JOIN LATERAL (VALUES (0::bigint), (f.agent_id)) a(agent_id)
      WHERE l.company_id = $1 AND l.tirage_id = $2
      GROUP BY l.draw_date, a.agent_id, l.code, l.number
     ON CONFLICT (company_id, tirage_id, draw_date, agent_id, code, number) DO UPDATE SET amount = c.amount + EXCLUDED.amount`,
    [v.companyId, v.tirageId],
  );
  await raw.exec('ANALYZE fiche_lines; ANALYZE fiches; ANALYZE fiche_tirages');
}

/* ---------------- the sales ---------------- */

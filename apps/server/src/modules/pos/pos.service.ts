import { PLATFORM_CEILINGS } from '@borlette/shared/contracts/company-settings';
import type { AgentDayReport, FicheSummary, FicheView } from '@borlette/shared/contracts/fiches';
import type { Page } from '@borlette/shared/contracts/list';
import type { PosConfig } from '@borlette/shared/contracts/sale';
import type { Database, RawClient } from '../../db/client';
import { notFound } from '../../http/errors';
import { type PayProof, provenFicheId } from '../fiches/pay-proof';
import { ticketLimitFor } from '../limite-fiche/limite-fiche.service';
import { ficheSummaries } from './fiche-summaries';

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** What the point of sale needs to sell now: the company, the agent, the draws and their state. */
export async function posConfig(raw: RawClient, companyId: number, agentId: number): Promise<PosConfig> {
  const [head] = await raw.query<{
    company: PosConfig['company'];
    agent: PosConfig['agent'];
    cancel_window_minutes: number;
    agents_pay_other_branches: boolean;
    server_time: string;
    ceilings: PosConfig['ceilings'];
    bolet_cumulative: boolean;
    free_mariage_amount: number;
  }>(
    `SELECT json_build_object('name', c.name, 'logo', c.logo, 'currency', c.currency, 'timezone', c.timezone) AS company,
            json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'username', u.username,
                              'surcussale_name', s.name, 'can_cancel', u.can_cancel) AS agent,
            cs.cancel_window_minutes, cs.agents_pay_other_branches, ${ISO('now()')} AS server_time,
            ${CEILINGS_SQL} AS ceilings, cs.bolet_cumulative, cs.free_mariage_amount
       FROM users u
       JOIN companies c ON c.id = u.company_id
       JOIN company_settings cs ON cs.company_id = c.id
       LEFT JOIN surcussales s ON s.id = u.surcussale_id
      WHERE u.id = $2 AND u.company_id = $1`,
    [companyId, agentId],
  );
  if (!head) throw notFound('Vendeur introuvable.');
  const tirages = await raw.query<PosConfig['tirages'][number]>(
    `SELECT t.id, t.name, to_char(s.draw_date, 'YYYY-MM-DD') AS draw_date, s.is_open, s.reason AS closed_reason,
            ${ISO('s.opens_at')} AS opens_at, ${ISO('s.closes_at')} AS closes_at
       FROM tirages t CROSS JOIN LATERAL borlette_tirage_state(t.id) s
      WHERE t.company_id = $1 AND t.status = 'active'
      ORDER BY s.is_open DESC, s.closes_at, t.name`,
    [companyId],
  );
  const codes = await raw.query<{ code: number }>(
    `SELECT code FROM (VALUES (20), (30), (40)) v(code)
     UNION ALL
     SELECT code FROM lotto_options WHERE company_id = $1 AND enabled AND status = 'active'
     ORDER BY code`,
    [companyId],
  );
  const intervals = await raw.query<PosConfig['intervals'][number]>(
    `SELECT min_amount, max_amount, count FROM interval_mas WHERE company_id = $1 AND status = 'active' ORDER BY min_amount`,
    [companyId],
  );
  return {
    ...head,
    codes: codes.map((c) => c.code),
    tirages,
    intervals,
    ticket_limit: await ticketLimitFor(raw, companyId, agentId),
    draw_primes: await raw.query<PosConfig['draw_primes'][number]>(DRAW_PRIMES_SQL, [companyId, agentId]),
    // What the sale refuses as BOULE_BLOCKED (borlette_sell): active blocks of the company, on a draw it
    // still offers or on all draws. An agent learns them from a refusal anyway; here before it types.
    blocked_balls: await raw.query<PosConfig['blocked_balls'][number]>(
      `SELECT b.number, b.tirage_id FROM boule_blocks b
        WHERE b.company_id = $1 AND b.active
          AND (b.tirage_id IS NULL
               OR EXISTS (SELECT 1 FROM tirages t WHERE t.id = b.tirage_id AND t.company_id = $1 AND t.status = 'active'))
        ORDER BY b.number, b.tirage_id NULLS FIRST`,
      [companyId],
    ),
  };
}

/** The company's bounds, never above the platform's: as borlette_sell reads them (migration 0009). */
const CEILINGS_SQL = `json_build_object(
  'ticket_max_lines', least(cs.ticket_max_lines, ${PLATFORM_CEILINGS.ticketLines}),
  'ticket_max_draws', least(cs.ticket_max_draws, ${PLATFORM_CEILINGS.ticketDraws}),
  'line_max_stake', least(cs.line_max_stake, ${PLATFORM_CEILINGS.lineStake}),
  'ticket_max_payout', least(cs.ticket_max_payout, ${PLATFORM_CEILINGS.ticketPayout}))`;

const PRIME_COLUMNS = ['bolet_1', 'bolet_2', 'bolet_3', 'mariage', 'loto3', 'loto4_o1', 'loto4_o2', 'loto4_o3']
  .concat(['loto5_o1', 'loto5_o2', 'loto5_o3'])
  .map((k) => `coalesce(pa.${k}, ps.${k}, pt.${k}, g.${k}) AS ${k}`)
  .join(', ');

/** The primes the sale would snapshot on each active draw for this agent (same order as borlette_sell). */
const DRAW_PRIMES_SQL = `
SELECT t.id AS tirage_id, ${PRIME_COLUMNS}
  FROM tirages t
  JOIN users u ON u.id = $2 AND u.company_id = $1
  JOIN primes g ON g.company_id = $1 AND g.level = 'general'
  LEFT JOIN primes pt ON pt.company_id = $1 AND pt.level = 'tirage' AND pt.tirage_id = t.id
  LEFT JOIN primes ps ON ps.company_id = $1 AND ps.level = 'surcussale' AND ps.surcussale_id = u.surcussale_id
  LEFT JOIN primes pa ON pa.company_id = $1 AND pa.level = 'agent' AND pa.agent_id = $2
 WHERE t.company_id = $1 AND t.status = 'active'
 ORDER BY t.id`;

/** The agent's own tickets of a day (default: its company's today), newest first. */
export async function agentFiches(
  raw: RawClient,
  companyId: number,
  agentId: number,
  q: { date?: string; page: number; page_size: number },
): Promise<Page<FicheSummary>> {
  const day = q.date ? '$3::date' : '(now() AT TIME ZONE (SELECT timezone FROM companies WHERE id = $1))::date';
  const params: unknown[] = [companyId, agentId];
  if (q.date) params.push(q.date);
  const [{ n }] = await raw.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM fiches WHERE company_id = $1 AND agent_id = $2 AND sale_date = ${day}`,
    params,
  );
  const page = await raw.query<{ id: number }>(
    `SELECT id FROM fiches WHERE company_id = $1 AND agent_id = $2 AND sale_date = ${day}
      ORDER BY sold_at DESC, id DESC LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`,
    params,
  );
  // Summaries: a page's size does not grow with its tickets' lines (issue 15).
  const results = await ficheSummaries(
    raw,
    companyId,
    page.map((r) => r.id),
  );
  return { results, count: n, page: q.page, page_size: q.page_size };
}

/**
 * One of the agent's own tickets by id, or any ticket of the company with the receipt's proof (QR
 * secret, or number and verification code: pay-proof.ts). A number alone reveals nothing.
 */
export async function lookupFiche(
  database: Database,
  companyId: number,
  agentId: number,
  q: PayProof & { id?: number },
): Promise<FicheView> {
  if (q.id && !q.number && !q.ref) {
    const [own] = await database.raw.query<{ j: FicheView }>(
      'SELECT borlette_fiche_json(id) AS j FROM fiches WHERE company_id = $1 AND id = $2 AND agent_id = $3',
      [companyId, q.id, agentId],
    );
    if (!own) throw notFound('Fiche introuvable.');
    return own.j;
  }
  const id = await provenFicheId(database, companyId, agentId, q);
  const [row] = await database.raw.query<{ j: FicheView }>('SELECT borlette_fiche_json($1) AS j', [id]);
  return row.j;
}

/**
 * The agent's day, read from its day summary (stats_agent_day, as every report): its tickets of that
 * sale date, and what it paid out that day (any ticket, at its point of sale, net of reversals).
 * Balance = sales - payouts - commission (domain.md « Money »).
 */
export async function agentReport(
  raw: RawClient,
  companyId: number,
  agentId: number,
  date?: string,
): Promise<AgentDayReport> {
  const [r] = await raw.query<AgentDayReport>(
    `WITH d AS (
       SELECT coalesce($3::date, (now() AT TIME ZONE c.timezone)::date) AS day FROM companies c WHERE c.id = $1
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(s.tickets, 0) AS tickets,
            coalesce(s.sales, 0)::bigint AS sales_amount, coalesce(s.commission, 0)::bigint AS commission_amount,
            coalesce(s.cancelled, 0) AS cancelled, coalesce(s.cancelled_amount, 0)::bigint AS cancelled_amount,
            coalesce(s.wins, 0)::bigint AS win_amount, coalesce(s.paid, 0) AS paid,
            coalesce(s.payouts, 0)::bigint AS paid_amount,
            (coalesce(s.sales, 0) - coalesce(s.payouts, 0) - coalesce(s.commission, 0))::bigint AS balance
       FROM d LEFT JOIN stats_agent_day s ON s.company_id = $1 AND s.business_date = d.day AND s.agent_id = $2`,
    [companyId, agentId, date ?? null],
  );
  return r;
}

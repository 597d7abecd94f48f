import { PLATFORM_CEILINGS } from '@borlette/shared/contracts/company-settings';
import type { FicheSummary, FicheView } from '@borlette/shared/contracts/fiches';
import type { Page } from '@borlette/shared/contracts/list';
import { type AgentDayReport, agentDayReport } from '@borlette/shared/contracts/pos';
import { type PosConfig, posConfig, posDrawPrimes, posTirage } from '@borlette/shared/contracts/sale';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, isoTime, oneRow, rawSql, rows, sql } from '../../db/sql';
import { notFound } from '../../http/errors';
import { ficheJson } from '../fiches/fiches-query';
import { type PayProof, provenFicheId } from '../fiches/pay-proof';
import { ticketLimitFor } from '../limite-fiche/limite-fiche-query';
import { ficheSummaries } from './fiche-summaries';

const configHead = posConfig.pick({
  company: true,
  agent: true,
  cancel_window_minutes: true,
  agents_pay_other_branches: true,
  sale_location: true,
  server_time: true,
  ceilings: true,
  bolet_cumulative: true,
  free_mariage_amount: true,
});

/** The company's bounds, never above the platform's: as borlette_sell reads them (migration 0009). */
const CEILINGS_SQL = rawSql(`json_build_object(
  'ticket_max_lines', least(cs.ticket_max_lines, ${PLATFORM_CEILINGS.ticketLines}),
  'ticket_max_draws', least(cs.ticket_max_draws, ${PLATFORM_CEILINGS.ticketDraws}),
  'line_max_stake', least(cs.line_max_stake, ${PLATFORM_CEILINGS.lineStake}),
  'ticket_max_payout', least(cs.ticket_max_payout, ${PLATFORM_CEILINGS.ticketPayout}))`);

const PRIME_COLUMNS = rawSql(
  ['bolet_1', 'bolet_2', 'bolet_3', 'mariage', 'loto3', 'loto4_o1', 'loto4_o2', 'loto4_o3']
    .concat(['loto5_o1', 'loto5_o2', 'loto5_o3'])
    .map((k) => `coalesce(pa.${k}, ps.${k}, pt.${k}, g.${k}) AS ${k}`)
    .join(', '),
);

/** The primes the sale would snapshot on each active draw for this agent (same order as borlette_sell). */
const drawPrimesSql = (companyId: number, agentId: number) => sql`
SELECT t.id AS tirage_id, ${PRIME_COLUMNS}
  FROM tirages t
  JOIN users u ON u.id = ${agentId} AND u.company_id = ${companyId}
  JOIN primes g ON g.company_id = ${companyId} AND g.level = 'general'
  LEFT JOIN primes pt ON pt.company_id = ${companyId} AND pt.level = 'tirage' AND pt.tirage_id = t.id
  LEFT JOIN primes ps ON ps.company_id = ${companyId} AND ps.level = 'surcussale' AND ps.surcussale_id = u.surcussale_id
  LEFT JOIN primes pa ON pa.company_id = ${companyId} AND pa.level = 'agent' AND pa.agent_id = ${agentId}
 WHERE t.company_id = ${companyId} AND t.status = 'active'
 ORDER BY t.id`;

/** What the point of sale needs to sell now: the company, the agent, the draws and their state. */
export async function loadPosConfig(raw: RawClient, companyId: number, agentId: number): Promise<PosConfig> {
  const head = await firstRow(
    raw,
    configHead,
    sql`SELECT json_build_object('name', c.name, 'logo', c.logo, 'currency', c.currency, 'timezone', c.timezone) AS company,
            json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'username', u.username,
                              'surcussale_name', s.name, 'can_cancel', u.can_cancel) AS agent,
            cs.cancel_window_minutes, cs.agents_pay_other_branches, cs.sale_location, ${isoTime(sql`now()`)} AS server_time,
            ${CEILINGS_SQL} AS ceilings, cs.bolet_cumulative, cs.free_mariage_amount
       FROM users u
       JOIN companies c ON c.id = u.company_id
       JOIN company_settings cs ON cs.company_id = c.id
       LEFT JOIN surcussales s ON s.id = u.surcussale_id
      WHERE u.id = ${agentId} AND u.company_id = ${companyId}`,
  );
  if (!head) throw notFound('Vendeur introuvable.');
  const tirages = await rows(
    raw,
    posTirage,
    sql`SELECT t.id, t.name, to_char(s.draw_date, 'YYYY-MM-DD') AS draw_date, s.is_open, s.reason AS closed_reason,
            ${isoTime(sql`s.opens_at`)} AS opens_at, ${isoTime(sql`s.closes_at`)} AS closes_at
       FROM tirages t CROSS JOIN LATERAL borlette_tirage_state(t.id) s
      WHERE t.company_id = ${companyId} AND t.status = 'active'
      ORDER BY s.is_open DESC, s.closes_at, t.name`,
  );
  const codes = await rows(
    raw,
    z.object({ code: z.number().int() }),
    sql`SELECT code FROM (VALUES (20), (30), (40)) v(code)
     UNION ALL
     SELECT code FROM lotto_options WHERE company_id = ${companyId} AND enabled AND status = 'active'
     ORDER BY code`,
  );
  const intervals = await rows(
    raw,
    posConfig.shape.intervals.element,
    sql`SELECT min_amount, max_amount, count FROM interval_mas WHERE company_id = ${companyId} AND status = 'active' ORDER BY min_amount`,
  );
  return {
    ...head,
    codes: codes.map((c) => c.code),
    tirages,
    intervals,
    ticket_limit: await ticketLimitFor(raw, companyId, agentId),
    draw_primes: await rows(raw, posDrawPrimes, drawPrimesSql(companyId, agentId)),
    // What the sale refuses as BOULE_BLOCKED (borlette_sell): active blocks of the company, on a draw it
    // still offers or on all draws. An agent learns them from a refusal anyway; here before it types.
    blocked_balls: await rows(
      raw,
      posConfig.shape.blocked_balls.element,
      sql`SELECT b.number, b.tirage_id FROM boule_blocks b
        WHERE b.company_id = ${companyId} AND b.active
          AND (b.tirage_id IS NULL
               OR EXISTS (SELECT 1 FROM tirages t WHERE t.id = b.tirage_id AND t.company_id = ${companyId} AND t.status = 'active'))
        ORDER BY b.number, b.tirage_id NULLS FIRST`,
    ),
  };
}

/** The agent's own tickets of a day (default: its company's today), newest first. */
export async function agentFiches(
  raw: RawClient,
  companyId: number,
  agentId: number,
  q: { date?: string; page: number; page_size: number },
): Promise<Page<FicheSummary>> {
  const day = q.date
    ? sql`${q.date}::date`
    : sql`(now() AT TIME ZONE (SELECT timezone FROM companies WHERE id = ${companyId}))::date`;
  const mine = sql`FROM fiches WHERE company_id = ${companyId} AND agent_id = ${agentId} AND sale_date = ${day}`;
  const { n } = await oneRow(raw, z.object({ n: z.number().int() }), sql`SELECT count(*)::int AS n ${mine}`);
  const page = await rows(
    raw,
    z.object({ id: z.number().int() }),
    sql`SELECT id ${mine}
      ORDER BY sold_at DESC, id DESC LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}`,
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
    const own = await firstRow(
      database.raw,
      ficheJson,
      sql`SELECT borlette_fiche_json(id) AS j FROM fiches WHERE company_id = ${companyId} AND id = ${q.id} AND agent_id = ${agentId}`,
    );
    if (!own) throw notFound('Fiche introuvable.');
    return own.j;
  }
  const id = await provenFicheId(database, companyId, agentId, q);
  return (await oneRow(database.raw, ficheJson, sql`SELECT borlette_fiche_json(${id}) AS j`)).j;
}

/**
 * The agent's day, read from its day summary (stats_agent_day, as every report): its tickets of that
 * sale date, and what it paid out that day (any ticket, at its point of sale, net of reversals).
 * Balance = sales - payouts - commission (docs/domain.md « Money »).
 */
export async function agentReport(
  raw: RawClient,
  companyId: number,
  agentId: number,
  date?: string,
): Promise<AgentDayReport> {
  return oneRow(
    raw,
    agentDayReport,
    sql`WITH d AS (
       SELECT coalesce(${date ?? null}::date, (now() AT TIME ZONE c.timezone)::date) AS day FROM companies c WHERE c.id = ${companyId}
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(s.tickets, 0) AS tickets,
            coalesce(s.sales, 0)::bigint AS sales_amount, coalesce(s.commission, 0)::bigint AS commission_amount,
            coalesce(s.cancelled, 0) AS cancelled, coalesce(s.cancelled_amount, 0)::bigint AS cancelled_amount,
            coalesce(s.wins, 0)::bigint AS win_amount, coalesce(s.paid, 0) AS paid,
            coalesce(s.payouts, 0)::bigint AS paid_amount,
            (coalesce(s.sales, 0) - coalesce(s.payouts, 0) - coalesce(s.commission, 0))::bigint AS balance
       FROM d LEFT JOIN stats_agent_day s ON s.company_id = ${companyId} AND s.business_date = d.day AND s.agent_id = ${agentId}`,
  );
}

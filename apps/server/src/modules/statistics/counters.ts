import type { FastifyRequest } from 'fastify';
import type { RawClient } from '../../db/client';
import { type Period, type ReportFilterValues, tenantCondition } from '../_lib/report-scope';
import { agentVisibility } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

/**
 * Reads of the limit counters (`sale_counters`: sold per draw, date, agent or 0 for the company, game
 * and number, net of cancellations; free mariages are not in them). Through the companies' draws so
 * that every lookup walks the counters' key (company, draw, date, agent, …), never a company's history.
 *
 * Whose rows: an agent's (agent_id), the agents of a sub-branch (surcussale_id: its agents now; the
 * counters do not keep the sub-branch of the sale), a supervisor's agents (never the company-wide
 * rows), otherwise the company-wide rows (agent 0).
 */
export interface CounterFilterValues extends ReportFilterValues {
  lotto_id?: number;
}

export function counterSource(
  request: FastifyRequest,
  params: SqlParams,
  q: CounterFilterValues,
  period: Period,
): { from: string; where: string[] } {
  const where = [
    ...tenantCondition(request, params, 't.company_id'),
    `sc.draw_date BETWEEN ${params.p(period.start)}::date AND ${params.p(period.end)}::date`,
  ];
  if (q.tirage_id) where.push(`t.id = ${params.p(q.tirage_id)}`);
  if (q.lotto_id !== undefined) where.push(`sc.code = ${params.p(q.lotto_id)}`);
  const agents = agentVisibility(request, params, 'a');
  if (q.surcussale_id) agents.push(`a.surcussale_id = ${params.p(q.surcussale_id)}`);
  if (q.agent_id) where.push(`sc.agent_id = ${params.p(q.agent_id)}`);
  if (agents.length) {
    where.push(`sc.agent_id IN (SELECT a.id FROM users a WHERE a.role = 'agent' AND ${agents.join(' AND ')})`);
  } else if (!q.agent_id) {
    where.push('sc.agent_id = 0');
  }
  return {
    from: 'FROM tirages t JOIN sale_counters sc ON sc.company_id = t.company_id AND sc.tirage_id = t.id',
    where,
  };
}

export const STATISTICS_MAX_ROWS = 50_000;

export interface CounterRow {
  code: number;
  number: string;
  amount: number;
  limit: number | null;
  total: number;
}

/**
 * Sold per (game, number) over the period and draws, with the company limit in force: per draw the
 * one the sale applies (ball over game, draw-specific over all draws, active only, company-wide), then
 * the tightest over the draws where the number sold. Bolet rows first so that the grid is always
 * complete, then by amount; `total` is over every row.
 */
export async function soldPerNumber(
  raw: RawClient,
  request: FastifyRequest,
  q: CounterFilterValues,
  period: Period,
): Promise<CounterRow[]> {
  const params = new SqlParams();
  const { from, where } = counterSource(request, params, q, period);
  return raw.query<CounterRow>(
    `WITH g AS (
       SELECT sc.company_id, sc.tirage_id, sc.code, sc.number, sum(sc.amount)::bigint AS amount
         ${from} WHERE ${where.join(' AND ')}
        GROUP BY sc.company_id, sc.tirage_id, sc.code, sc.number
       HAVING sum(sc.amount) <> 0
     ), r AS (
       SELECT g.code::int AS code, g.number, sum(g.amount)::bigint AS amount, min(lim.max_amount)::bigint AS "limit"
         FROM g
         LEFT JOIN LATERAL (
           SELECT sl.max_amount FROM sale_limits sl
            WHERE sl.company_id = g.company_id AND coalesce(sl.agent_id, 0) = 0 AND sl.code = g.code
              AND (sl.number = g.number OR sl.number IS NULL)
              AND (sl.tirage_id = g.tirage_id OR sl.tirage_id IS NULL)
              AND sl.status = 'active'
            ORDER BY (sl.number IS NULL), (sl.tirage_id IS NULL)
            LIMIT 1
         ) lim ON true
        GROUP BY g.code, g.number
     )
     SELECT r.code, r.number, r.amount, r."limit", (sum(r.amount) OVER ())::bigint AS total
       FROM r
      ORDER BY (r.code = 20) DESC, r.amount DESC, r.code, r.number
      LIMIT ${STATISTICS_MAX_ROWS}`,
    params.values,
  );
}

/** Sold per game (bet code) over the period, from the same rows. */
export async function soldPerGame(
  raw: RawClient,
  request: FastifyRequest,
  q: CounterFilterValues,
  period: Period,
): Promise<{ code: number; sales: number }[]> {
  const params = new SqlParams();
  const { from, where } = counterSource(request, params, q, period);
  return raw.query(
    `SELECT sc.code::int AS code, sum(sc.amount)::bigint AS sales
       ${from} WHERE ${where.join(' AND ')}
      GROUP BY sc.code HAVING sum(sc.amount) <> 0 ORDER BY sc.code`,
    params.values,
  );
}

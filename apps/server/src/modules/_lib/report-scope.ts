import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, joinSql, rawSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { authOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { agentsWatched, companyScope } from './scope';

/**
 * What every money screen reads (reports, wallet, statistics, winning lots, dashboards): the companies
 * of the request (its company, or for the superuser with « Toutes » every company of its selected
 * country), the period in business days and the supervisor's agents. One set of rules, so that a
 * figure is the same on every screen.
 */

export interface ReportFilterValues {
  start_date?: string;
  end_date?: string;
  tirage_id?: number;
  surcussale_id?: number;
  agent_id?: number;
}

/** `column` limited to the request's companies (the selected country's with « Toutes »). */
export function tenantWhere(ctx: HasAuth, column: Sql): Sql[] {
  const companyId = companyScope(ctx);
  if (companyId !== null) return [sql`${column} = ${companyId}`];
  const country = authOf(ctx).selectCountryCode;
  if (!country) return [];
  return [
    sql`${column} IN (SELECT c.id FROM companies c JOIN countries k ON k.id = c.country_id WHERE k.name_code = ${country})`,
  ];
}

/** The agent in `agentColumn` is one the request may see (a supervisor: the agents it watches). */
export function visibleAgentWhere(ctx: HasAuth, agentColumn: Sql): Sql[] {
  const visible = agentsWatched(ctx, sql`va`);
  return visible.length
    ? [sql`EXISTS (SELECT 1 FROM users va WHERE va.id = ${agentColumn} AND ${joinSql(visible, ' AND ')})`]
    : [];
}

/** Agents (`agent`: a users alias) watched by `supervisor` (its sub-branches or assigned). */
export function watchedBy(agent: Sql, supervisor: Sql): Sql {
  return sql`(${agent}.surcussale_id IN (SELECT ws.surcussale_id FROM supervisor_surcussales ws WHERE ws.supervisor_id = ${supervisor})
      OR ${agent}.supervisor_id = ${supervisor})`;
}

const periodRow = z.object({ start: z.string(), end: z.string(), currency: z.string() });
export type Period = z.output<typeof periodRow>;

/**
 * The period asked (one bound given: that day) or today: the company's, or with « Toutes » today in
 * the selected country's zone (UTC without one). The currency of the company (of the country).
 */
export async function resolvePeriod(raw: RawClient, request: HasAuth, q: ReportFilterValues): Promise<Period> {
  const companyId = companyScope(request);
  const country = authOf(request).selectCountryCode;
  const start = q.start_date ?? null;
  const end = q.end_date ?? null;
  const none = companyId === null ? country : null;
  const row = await firstRow(
    raw,
    periodRow,
    sql`WITH z AS (
       SELECT c.timezone, c.currency FROM companies c WHERE c.id = ${companyId}
       UNION ALL
       SELECT coalesce(k.timezone, 'UTC'), coalesce(k.currency, 'HTG')
         FROM (SELECT 1) one LEFT JOIN countries k ON k.name_code = ${none} WHERE ${companyId}::bigint IS NULL
     ), t AS (SELECT (now() AT TIME ZONE z.timezone)::date AS today, z.currency FROM z LIMIT 1)
     SELECT to_char(coalesce(${start}::date, ${end}::date, t.today), 'YYYY-MM-DD') AS start,
            to_char(coalesce(${end}::date, ${start}::date, t.today), 'YYYY-MM-DD') AS "end", t.currency
       FROM t`,
  );
  if (!row) throw badRequest('Compagnie introuvable.');
  return row;
}

/**
 * Conditions on a summary table (`stats_agent_day` or, with a draw, `stats_agent_draw_day`) aliased
 * `alias`: companies, the period's business days (the primary key's lead: company, date), draw,
 * sub-branch (the one the row was booked with), agent, and the supervisor's agents.
 */
export function summaryWhere(
  ctx: HasAuth,
  alias: string,
  q: ReportFilterValues,
  period: Period,
  opts: { draw: boolean },
): Sql[] {
  const col = (name: string) => rawSql(`${alias}.${name}`);
  const where = [
    ...tenantWhere(ctx, col('company_id')),
    sql`${col('business_date')} BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (opts.draw && q.tirage_id) where.push(sql`${col('tirage_id')} = ${q.tirage_id}`);
  if (q.surcussale_id) where.push(sql`${col('surcussale_id')} = ${q.surcussale_id}`);
  if (q.agent_id) where.push(sql`${col('agent_id')} = ${q.agent_id}`);
  where.push(...visibleAgentWhere(ctx, col('agent_id')));
  return where;
}

/** The summary to read: per draw when one draw is asked (its tickets), otherwise per agent and day. */
export const summaryTable = (q: ReportFilterValues): Sql =>
  rawSql(q.tirage_id ? 'stats_agent_draw_day' : 'stats_agent_day');

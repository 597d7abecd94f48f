import { centimesCell } from '@borlette/shared/contracts/money';
import type { RawClient } from '../../db/client';
import type { HasAuth } from '../../http/auth';
import { authOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { agentVisibility, companyScope } from './scope';
import type { SqlParams } from './sql';

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
export function tenantCondition(request: HasAuth, params: SqlParams, column: string): string[] {
  const companyId = companyScope(request);
  if (companyId !== null) return [`${column} = ${params.p(companyId)}`];
  const country = authOf(request).selectCountryCode;
  if (!country) return [];
  return [
    `${column} IN (SELECT c.id FROM companies c JOIN countries k ON k.id = c.country_id WHERE k.name_code = ${params.p(country)})`,
  ];
}

/** The agent in `agentColumn` is one the request may see (a supervisor: the agents it watches). */
export function visibleAgent(request: HasAuth, params: SqlParams, agentColumn: string): string[] {
  const visible = agentVisibility(request, params, 'va');
  return visible.length
    ? [`EXISTS (SELECT 1 FROM users va WHERE va.id = ${agentColumn} AND ${visible.join(' AND ')})`]
    : [];
}

/** Agents of the request's scope watched by supervisor `supervisorParam` (its sub-branches or assigned). */
export function watchedBy(alias: string, supervisorParam: string): string {
  return `(${alias}.surcussale_id IN (SELECT ws.surcussale_id FROM supervisor_surcussales ws WHERE ws.supervisor_id = ${supervisorParam})
      OR ${alias}.supervisor_id = ${supervisorParam})`;
}

export interface Period {
  start: string;
  end: string;
  currency: string;
}

/**
 * The period asked (one bound given: that day) or today: the company's, or with « Toutes » today in
 * the selected country's zone (UTC without one). The currency of the company (of the country).
 */
export async function resolvePeriod(raw: RawClient, request: HasAuth, q: ReportFilterValues): Promise<Period> {
  const companyId = companyScope(request);
  const country = authOf(request).selectCountryCode;
  const [row] = await raw.query<Period>(
    `WITH z AS (
       SELECT c.timezone, c.currency FROM companies c WHERE c.id = $3
       UNION ALL
       SELECT coalesce(k.timezone, 'UTC'), coalesce(k.currency, 'HTG')
         FROM (SELECT 1) one LEFT JOIN countries k ON k.name_code = $4 WHERE $3::bigint IS NULL
     ), t AS (SELECT (now() AT TIME ZONE z.timezone)::date AS today, z.currency FROM z LIMIT 1)
     SELECT to_char(coalesce($1::date, $2::date, t.today), 'YYYY-MM-DD') AS start,
            to_char(coalesce($2::date, $1::date, t.today), 'YYYY-MM-DD') AS "end", t.currency
       FROM t`,
    [q.start_date ?? null, q.end_date ?? null, companyId, companyId === null ? country : null],
  );
  if (!row) throw badRequest('Compagnie introuvable.');
  return row;
}

/**
 * Conditions on a summary table (`stats_agent_day` or, with a draw, `stats_agent_draw_day`) aliased
 * `alias`: companies, the period's business days (the primary key's lead: company, date), draw,
 * sub-branch (the one the row was booked with), agent, and the supervisor's agents.
 */
export function summaryConditions(
  request: HasAuth,
  params: SqlParams,
  alias: string,
  q: ReportFilterValues,
  period: Period,
  opts: { draw: boolean },
): string[] {
  const where = [
    ...tenantCondition(request, params, `${alias}.company_id`),
    `${alias}.business_date BETWEEN ${params.p(period.start)}::date AND ${params.p(period.end)}::date`,
  ];
  if (opts.draw && q.tirage_id) where.push(`${alias}.tirage_id = ${params.p(q.tirage_id)}`);
  if (q.surcussale_id) where.push(`${alias}.surcussale_id = ${params.p(q.surcussale_id)}`);
  if (q.agent_id) where.push(`${alias}.agent_id = ${params.p(q.agent_id)}`);
  where.push(...visibleAgent(request, params, `${alias}.agent_id`));
  return where;
}

/** The summary to read: per draw when one draw is asked (its tickets), otherwise per agent and day. */
export const summaryTable = (q: ReportFilterValues) => (q.tirage_id ? 'stats_agent_draw_day' : 'stats_agent_day');

/** French spreadsheets: « 1234,50 ». */
export const money = centimesCell; // exact past 2^53 (contracts/money.ts)

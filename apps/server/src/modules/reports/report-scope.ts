import type { FastifyRequest } from 'fastify';
import type { RawClient } from '../../db/client';
import { authOf } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { agentVisibility, companyScope } from '../_lib/scope';
import type { SqlParams } from '../_lib/sql';

/**
 * What every report and the wallet list read: the companies of the request (its company, or for the
 * superuser with « Toutes » every company of its selected country), the period in business days
 * (default the company's today) and the supervisor's agents.
 */

/** `column` limited to the request's companies (the selected country's with « Toutes »). */
export function tenantCondition(request: FastifyRequest, params: SqlParams, column: string): string[] {
  const companyId = companyScope(request);
  if (companyId !== null) return [`${column} = ${params.p(companyId)}`];
  const country = authOf(request).selectCountryCode;
  if (!country) return [];
  return [
    `${column} IN (SELECT c.id FROM companies c JOIN countries k ON k.id = c.country_id WHERE k.name_code = ${params.p(country)})`,
  ];
}

/** The agent `agentColumn` is one the request may see (a supervisor: the agents it watches). */
export function visibleAgent(request: FastifyRequest, params: SqlParams, agentColumn: string): string[] {
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
 * The period asked (one bound given: that day) or the company's today; with « Toutes », today in the
 * selected country's zone (UTC without one). The currency of the company (of the country with « Toutes »).
 */
export async function resolvePeriod(
  raw: RawClient,
  request: FastifyRequest,
  q: { start_date?: string; end_date?: string },
): Promise<Period> {
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

/** French spreadsheets: « 1234,50 » (centimes -> units with a decimal comma). */
export const money = (centimes: number | null | undefined) =>
  centimes === null || centimes === undefined
    ? ''
    : `${centimes < 0 ? '-' : ''}${(Math.abs(centimes) / 100).toFixed(2).replace('.', ',')}`;

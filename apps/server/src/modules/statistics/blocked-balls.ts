import type { FastifyRequest } from 'fastify';
import type { RawClient } from '../../db/client';
import { currencyTenant } from '../_lib/currency-scope';
import type { Period, ReportFilterValues } from '../_lib/report-scope';
import { SqlParams } from '../_lib/sql';

export type BallBlock = 'all' | 'some';

/**
 * The bolet balls (2 digits) blocked now (blocage-boule, active blocks): what the sale refuses. With a
 * draw, a ball is blocked for it by a block of that draw or of all draws ('all'). Without one: 'all'
 * when every company of the selection blocks it on all its draws, 'some' when it is blocked only on
 * some draws (or in some companies). A block has no period: the grid shows today's state.
 */
export async function blockedBalls(
  raw: RawClient,
  request: FastifyRequest,
  q: ReportFilterValues,
  period: Pick<Period, 'currency'>,
): Promise<Map<string, BallBlock>> {
  const params = new SqlParams();
  const where = ['b.active', "b.number ~ '^[0-9]{2}$'", ...currencyTenant(request, params, 'b.company_id', period)];
  if (q.tirage_id) {
    // The draw's company: a block of that draw or of all its draws stops the sale on it.
    const t = params.p(q.tirage_id);
    where.push(`b.company_id = (SELECT company_id FROM tirages WHERE id = ${t})`, `coalesce(b.tirage_id, ${t}) = ${t}`);
    const rows = await raw.query<{ number: string }>(
      `SELECT DISTINCT b.number FROM boule_blocks b WHERE ${where.join(' AND ')}`,
      params.values,
    );
    return new Map(rows.map((r) => [r.number, 'all']));
  }
  const companies = ['true', ...currencyTenant(request, params, 'c.id', period)];
  const rows = await raw.query<{ number: string; every: boolean }>(
    `SELECT b.number,
            count(DISTINCT b.company_id) FILTER (WHERE b.tirage_id IS NULL)
              >= (SELECT count(*) FROM companies c WHERE ${companies.join(' AND ')}) AS every
       FROM boule_blocks b WHERE ${where.join(' AND ')}
      GROUP BY b.number`,
    params.values,
  );
  return new Map(rows.map((r) => [r.number, r.every ? 'all' : 'some']));
}

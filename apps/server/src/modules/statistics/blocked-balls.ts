import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { joinSql, rows, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { currencyTenantWhere } from '../_lib/currency-scope';
import type { Period, ReportFilterValues } from '../_lib/report-scope';

export type BallBlock = 'all' | 'some';

/**
 * The bolet balls (2 digits) blocked now (blocage-boule, active blocks): what the sale refuses. With a
 * draw, a ball is blocked for it by a block of that draw or of all draws ('all'). Without one: 'all'
 * when every company of the selection blocks it on all its draws, 'some' when it is blocked only on
 * some draws (or in some companies). A block has no period: the grid shows today's state.
 */
export async function blockedBalls(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: Pick<Period, 'currency'>,
): Promise<Map<string, BallBlock>> {
  const where = [sql`b.active`, sql`b.number ~ '^[0-9]{2}$'`, ...currencyTenantWhere(ctx, sql`b.company_id`, period)];
  if (q.tirage_id) {
    // The draw's company: a block of that draw or of all its draws stops the sale on it.
    const t = q.tirage_id;
    where.push(
      sql`b.company_id = (SELECT company_id FROM tirages WHERE id = ${t})`,
      sql`coalesce(b.tirage_id, ${t}) = ${t}`,
    );
    const found = await rows(
      raw,
      z.object({ number: z.string() }),
      sql`SELECT DISTINCT b.number FROM boule_blocks b ${whereSql(where)}`,
    );
    return new Map(found.map((r) => [r.number, 'all']));
  }
  const companies = [sql`true`, ...currencyTenantWhere(ctx, sql`c.id`, period)];
  const found = await rows(
    raw,
    z.object({ number: z.string(), every: z.boolean() }),
    sql`SELECT b.number,
            count(DISTINCT b.company_id) FILTER (WHERE b.tirage_id IS NULL)
              >= (SELECT count(*) FROM companies c WHERE ${joinSql(companies, ' AND ')}) AS every
       FROM boule_blocks b ${whereSql(where)}
      GROUP BY b.number`,
  );
  return new Map(found.map((r) => [r.number, r.every ? 'all' : 'some']));
}

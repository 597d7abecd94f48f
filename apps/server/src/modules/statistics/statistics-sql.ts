import { statisticsRow } from '@borlette/shared/contracts/statistics';
import { z } from 'zod';
import { joinSql, rawSql, type Sql, sql } from '../../db/sql';
import type { ReportFilterValues } from '../_lib/report-scope';

/** SQL pieces and shapes shared by the statistics' two statements (from the counters, from the day sums). */

export interface CounterFilterValues extends ReportFilterValues {
  lotto_id?: number;
}

export type CounterRow = z.output<typeof statisticsRow>;

export interface NumbersQuery extends CounterFilterValues {
  page: number;
  page_size: number;
  /** Digits only. */
  search?: string;
}

export const soldPerNumberRow = z.object({
  rows: z.array(statisticsRow),
  count: z.number().int(),
  numbers: z.number().int(),
  total: statisticsRow.shape.amount,
  top: statisticsRow.nullable(),
  exposed: statisticsRow.nullable(),
  bolet: z.array(statisticsRow.omit({ code: true })),
});
export type SoldPerNumber = z.output<typeof soldPerNumberRow>;

/**
 * The company limits in force, as CTEs: `game` the game limit per (company, draw, game), the draw's
 * own over the all-draws one; `ball` the ball limits (tirage_id 0: all draws). Active, company-wide, of
 * the companies `tenant` (conditions on `sl.company_id`) allows.
 */
export function limitSets(tenant: Sql[]): Sql {
  const where = [sql`coalesce(sl.agent_id, 0) = 0`, sql`sl.status = 'active'`, ...tenant];
  return sql`lim AS (
       SELECT sl.company_id, sl.code, sl.number, coalesce(sl.tirage_id, 0) AS tirage_id, sl.max_amount
         FROM sale_limits sl
        WHERE ${joinSql(where, ' AND ')}
     ), game AS (
       SELECT t.company_id, t.id AS tirage_id, l.code, (array_agg(l.max_amount ORDER BY l.tirage_id DESC))[1] AS max_amount
         FROM tirages t JOIN lim l ON l.company_id = t.company_id AND l.number IS NULL AND l.tirage_id IN (t.id, 0)
        GROUP BY t.company_id, t.id, l.code
     ), ball AS (
       SELECT l.company_id, l.code, l.number, l.tirage_id, l.max_amount FROM lim l WHERE l.number IS NOT NULL
     )`;
}

// Built after the ORDER BY … LIMIT (in an outer query): in the same query level it would be computed for every row.
export const ROW = rawSql(
  `json_build_object('code', x.code, 'number', x.number, 'amount', x.amount, 'limit', x."limit")`,
);
export const ORDER = rawSql('x.amount DESC, x.code, x.number');

/** The one sold most, the one nearest its limit and the bolet grid, over `source`'s rows (code, number, amount, limit). */
export function figures(name: string): Sql {
  const source = rawSql(name);
  return sql`(SELECT ${ROW} FROM (SELECT * FROM ${source} x ORDER BY ${ORDER} LIMIT 1) x) AS top,
            (SELECT ${ROW} FROM (SELECT * FROM ${source} x WHERE x."limit" > 0
                                  ORDER BY x.amount::float8 / x."limit" DESC, ${ORDER} LIMIT 1) x) AS exposed,
            (SELECT coalesce(json_agg(json_build_object('number', x.number, 'amount', x.amount, 'limit', x."limit")),
                             '[]') FROM ${source} x WHERE x.code = 20) AS bolet`;
}

/** How many numbers `found` (the search) keeps, how many in all and their total, over every number of `source`. */
export function totals(name: string, found: Sql): Sql {
  const source = rawSql(name);
  return sql`(SELECT (count(*) FILTER (WHERE ${found}))::int AS count, count(*)::int AS numbers,
                    coalesce(sum(x.amount), 0)::bigint AS total FROM ${source} x) f`;
}

import { HOT_NUMBERS_MAX, type HotNumbers, hotNumbers } from '@borlette/shared/contracts/exposure';
import type { RawClient } from '../../db/client';
import { oneRow, sql } from '../../db/sql';

/**
 * The POS's hot numbers of the chosen draws today: the company-wide counters (what the sale's limits
 * read) at or past the company's « chaud » threshold (its settings) of their limit in force, and the numbers blocked for the
 * draw. Draws of another company are ignored. Blocked first, then the most used; HOT_NUMBERS_MAX rows.
 */
export function hotNumbersOf(raw: RawClient, companyId: number, tirageIds: number[]): Promise<HotNumbers> {
  return oneRow(
    raw,
    hotNumbers,
    sql`WITH t AS (
          SELECT t.id, (now() AT TIME ZONE c.timezone)::date AS day, cs.exposure_hot_pct AS hot
            FROM tirages t JOIN companies c ON c.id = t.company_id
            JOIN company_settings cs ON cs.company_id = c.id
           WHERE t.company_id = ${companyId} AND t.id = ANY(${tirageIds}::bigint[])
        ), lim AS (
          SELECT sl.code, sl.number, coalesce(sl.tirage_id, 0) AS tirage_id, sl.max_amount
            FROM sale_limits sl
           WHERE sl.company_id = ${companyId} AND coalesce(sl.agent_id, 0) = 0 AND sl.status = 'active'
        ), n AS (
          SELECT sc.tirage_id, sc.code::int AS code, sc.number, sc.amount, t.hot,
                 coalesce(b1.max_amount, b0.max_amount, g1.max_amount, g0.max_amount) AS lim
            FROM t JOIN sale_counters sc ON sc.company_id = ${companyId} AND sc.tirage_id = t.id
                                         AND sc.draw_date = t.day AND sc.agent_id = 0
            LEFT JOIN lim b1 ON b1.code = sc.code AND b1.number = sc.number AND b1.tirage_id = sc.tirage_id
            LEFT JOIN lim b0 ON b0.code = sc.code AND b0.number = sc.number AND b0.tirage_id = 0
            LEFT JOIN lim g1 ON g1.code = sc.code AND g1.number IS NULL AND g1.tirage_id = sc.tirage_id
            LEFT JOIN lim g0 ON g0.code = sc.code AND g0.number IS NULL AND g0.tirage_id = 0
           WHERE sc.amount > 0
        ), h AS (
          SELECT n.tirage_id, n.code, n.number,
                 CASE WHEN n.lim > 0 THEN round(n.amount * 100.0 / n.lim, 1)::float8 ELSE 100::float8 END AS used,
                 false AS blocked, greatest(n.lim - n.amount, 0)::bigint AS "left"
            FROM n WHERE n.lim IS NOT NULL AND n.amount * 100 >= n.lim * n.hot
          UNION ALL
          SELECT DISTINCT t.id, CASE WHEN b.number LIKE '%*%' THEN 40 WHEN length(b.number) = 2 THEN 20
                                     WHEN length(b.number) = 3 THEN 30 WHEN length(b.number) = 4 THEN 41 ELSE 51 END,
                 b.number, NULL::float8, true, NULL::bigint
            FROM t JOIN boule_blocks b ON b.company_id = ${companyId} AND b.active
                                      AND coalesce(b.tirage_id, t.id) = t.id
        ), x AS (
          SELECT DISTINCT ON (h.tirage_id, h.number) h.* FROM h ORDER BY h.tirage_id, h.number, h.blocked DESC
        )
        SELECT (SELECT count(*) FROM x)::int AS hot,
               coalesce((SELECT json_agg(json_build_object('tirage_id', y.tirage_id, 'code', y.code,
                                   'number', y.number, 'used', y.used, 'blocked', y.blocked, 'left', y."left")
                                 ORDER BY y.blocked DESC, y.used DESC NULLS LAST, y.tirage_id, y.number)
                           FROM (SELECT * FROM x ORDER BY x.blocked DESC, x.used DESC NULLS LAST, x.tirage_id, x.number
                                 LIMIT ${HOT_NUMBERS_MAX}) y), '[]') AS rows`,
  );
}

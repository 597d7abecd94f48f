import { BET_CODES } from '@borlette/shared/game/bets';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { oneRow, rawSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { Period } from '../_lib/report-scope';
import { companyScope, seesEveryAgent } from '../_lib/scope';
import {
  type CounterFilterValues,
  type CounterRow,
  figures,
  limitSets,
  type NumbersQuery,
  ORDER,
  ROW,
  type SoldPerNumber,
  soldPerNumberRow,
  totals,
} from './statistics-sql';

/**
 * The statistics of one company's period from the day sums (`sale_numbers_live`: sold per company, day,
 * game and number over every draw, folded rows plus pending deltas, migration 0021), for the company-wide view — no
 * draw, agent or sub-branch filter and not a supervisor (those keep the counters' statement).
 *
 * The figures over every number (count, total, the one sold most, the page, the bolet grid) need only
 * the day sums: one row per number and day, no grouping per draw and no limit looked up per row. The
 * limit in force (per draw the ball's over the game's, the draw's own over all draws, then the
 * tightest over the draws where the number sold) is looked up for a few candidates only, by exact
 * probes of the counters' key on the days each one sold: the page, the bolet grid, every number with
 * a ball limit, and the `EXPOSURE_DEPTH` most sold of each game.
 *
 * The most exposed number (highest amount / limit) is then exact when no other number can beat it: a
 * number outside the candidates has no ball limit, so its limit is a game limit of one of the draws,
 * never below the lowest positive game limit of its game over the company's draws (`floor`; a limit of 0
 * keeps a number out of the exposure), and its amount is
 * at most the last candidate's of its game (`depth`); its ratio is at most depth / floor. When that
 * bound does not settle it (game limits far apart between draws), `bounded` is false and the caller
 * finds the most exposed over every number with the counters' statement.
 */
export const EXPOSURE_DEPTH = 20;

export interface DaySumsAnswer {
  answer: SoldPerNumber;
  /** Whether `answer.exposed` is proven to be the most exposed over every number. */
  bounded: boolean;
}

/** The company-wide view (no draw, agent or sub-branch filter, not a supervisor): what the day sums hold. */
export function companyWide(request: HasAuth, q: CounterFilterValues): boolean {
  return !q.tirage_id && !q.agent_id && !q.surcussale_id && seesEveryAgent(request);
}

/** The company the day sums answer the statistics for (not « Toutes »), or null: the counters answer. */
export function daySumsCompany(request: HasAuth, q: CounterFilterValues): number | null {
  return companyWide(request, q) ? companyScope(request) : null;
}

const bound = z.object({ code: z.number().int(), depth: z.number(), floor: z.number().nullable() });
type Bound = z.output<typeof bound>;
const daySumsRow = soldPerNumberRow.extend({ bounds: z.array(bound) });
const spanRow = z.object({ d0: z.string().nullable(), d1: z.string().nullable() });

export async function numbersFromDaySums(
  raw: RawClient,
  companyId: number,
  q: NumbersQuery,
  period: Period,
): Promise<DaySumsAnswer> {
  const span = await oneRow(
    raw,
    spanRow,
    // The days of the folded day sums and of the pending deltas (migration 0021), one snapshot.
    sql`SELECT to_char(min(draw_date), 'YYYY-MM-DD') AS d0, to_char(max(draw_date), 'YYYY-MM-DD') AS d1
       FROM (SELECT draw_date FROM sale_numbers
              WHERE company_id = ${companyId} AND draw_date BETWEEN ${period.start}::date AND ${period.end}::date
             UNION ALL
             SELECT draw_date FROM sale_number_deltas
              WHERE company_id = ${companyId} AND draw_date BETWEEN ${period.start}::date AND ${period.end}::date) t`,
  );
  const company = sql`${companyId}`;
  const codes = sql`${q.lotto_id !== undefined ? [q.lotto_id] : BET_CODES}`;
  const found = q.search ? sql`replace(x.number, '*', '') LIKE ${`%${q.search}%`}` : sql`true`;
  const limit = sql`${q.page_size}`;
  const offset = sql`${(q.page - 1) * q.page_size}`;
  const depth = sql`${EXPOSURE_DEPTH}`;
  const oneDay = span.d0 === span.d1;
  // Each game's most sold numbers, as many as the page needs (without a search) and at least `depth`.
  const reach = sql`${Math.max(EXPOSURE_DEPTH, q.search ? 0 : q.page * q.page_size)}`;
  let n: Sql;
  let tops: Sql;
  if (oneDay) {
    // One day holds every sale of the period (today, or a period with one busy day): its rows are the
    // numbers already; each game's most sold are a top-N sort of its day's rows (no index on amount:
    // every sale updates these rows, migration 0019). Materialized: the view groups its rows with the
    // pending deltas (migration 0021) once, not at every reference.
    const day = sql`${span.d0 ?? period.start}`;
    n = sql`n AS MATERIALIZED (
       SELECT sn.code, sn.number, sn.amount, sn.draw_date AS d0, sn.draw_date AS d1
         FROM sale_numbers_live sn
        WHERE sn.company_id = ${company} AND sn.draw_date = ${day}::date AND sn.amount <> 0
          AND sn.code = ANY(${codes}::int[])
     )`;
    tops = sql`SELECT x.number, x.amount FROM n x WHERE x.code = g.code AND x.amount > 0
              ORDER BY x.amount DESC NULLS LAST, x.number LIMIT ${reach}`;
  } else {
    n = sql`n AS MATERIALIZED (
       SELECT sn.code, sn.number, sum(sn.amount)::bigint AS amount,
              min(sn.draw_date) AS d0, max(sn.draw_date) AS d1
         FROM sale_numbers_live sn
        WHERE sn.company_id = ${company} AND sn.code = ANY(${codes}::int[])
          AND sn.draw_date BETWEEN ${period.start}::date AND ${period.end}::date
        GROUP BY sn.code, sn.number HAVING sum(sn.amount) <> 0
     )`;
    tops = sql`SELECT x.number, x.amount FROM n x WHERE x.code = g.code ORDER BY x.amount DESC, x.number LIMIT ${reach}`;
  }
  // The page: from the games' tops when they hold it (no search), else over every number.
  const page = q.search
    ? sql`SELECT x.code, x.number FROM n x WHERE ${found} ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`
    : sql`SELECT x.code, x.number FROM tops x ORDER BY ${ORDER} LIMIT ${limit} OFFSET ${offset}`;
  const ball = (alias: string, tirage: string) =>
    rawSql(`LEFT JOIN ball ${alias} ON ${alias}.company_id = sc.company_id AND ${alias}.code = sc.code
       AND ${alias}.number = sc.number AND ${alias}.tirage_id = ${tirage}`);
  const row = await oneRow(
    raw,
    daySumsRow,
    sql`WITH ${limitSets([sql`sl.company_id = ${company}`])}, ${n}, tops AS MATERIALIZED (
       SELECT g.code, x.number, x.amount, row_number() OVER (PARTITION BY g.code ORDER BY x.amount DESC, x.number) AS rn
         FROM unnest(${codes}::int[]) g(code) CROSS JOIN LATERAL (${tops}) x
     ), pg AS MATERIALIZED (${page}
     ), cand AS MATERIALIZED (
       SELECT x.* FROM n x WHERE x.code = 20
       UNION
       SELECT x.* FROM (SELECT code, number FROM pg
                        UNION SELECT code, number FROM tops WHERE rn <= ${depth}
                        UNION SELECT code, number FROM ball) k
         JOIN n x ON x.code = k.code AND x.number = k.number
     ), probe AS MATERIALIZED (
       SELECT c.code, c.number, d::date AS day
         FROM cand c, generate_series(c.d0::timestamp, c.d1::timestamp, interval '1 day') d
     ), sold AS MATERIALIZED (
       SELECT p.code, p.number, sc.company_id, sc.tirage_id
         FROM probe p
        CROSS JOIN LATERAL (
              SELECT sc.company_id, sc.tirage_id FROM tirages t
                JOIN sale_counters sc ON sc.company_id = t.company_id AND sc.tirage_id = t.id AND sc.draw_date = p.day
                 AND sc.agent_id = 0 AND sc.code = p.code AND sc.number = p.number
               WHERE t.company_id = ${company} AND sc.amount <> 0
              OFFSET 0) sc
     ), lp AS (
       SELECT sc.code, sc.number, min(coalesce(b1.max_amount, b2.max_amount, gl.max_amount))::bigint AS "limit"
         FROM sold sc
         LEFT JOIN game gl ON gl.company_id = sc.company_id AND gl.tirage_id = sc.tirage_id AND gl.code = sc.code
         ${ball('b1', 'sc.tirage_id')}
         ${ball('b2', '0')}
        GROUP BY sc.code, sc.number
     ), cl AS (
       SELECT c.code, c.number, c.amount, lp."limit" FROM cand c LEFT JOIN lp ON lp.code = c.code AND lp.number = c.number
     )
     SELECT f.count, f.numbers, f.total,
            ${figures('cl')},
            (SELECT coalesce(json_agg(${ROW} ORDER BY ${ORDER}), '[]')
               FROM (SELECT cl.* FROM cl JOIN pg USING (code, number)) x) AS rows,
            (SELECT coalesce(json_agg(json_build_object('code', r.code, 'depth', r.amount, 'floor', g.floor)), '[]')
               FROM tops r
               LEFT JOIN (SELECT code::int, min(max_amount) FILTER (WHERE max_amount > 0)::bigint AS floor
                            FROM game GROUP BY code) g ON g.code = r.code
              WHERE r.rn = ${depth}) AS bounds
       FROM ${totals('n', found)}`,
  );
  const { bounds, ...answer } = row;
  return { answer, bounded: exposureSettled(answer.exposed, bounds) };
}

/**
 * Whether no number outside the candidates can be more exposed than `exposed`: for each game with more
 * numbers than the candidates' depth, its best possible ratio (depth / floor) is below the found one,
 * or equal with a smaller amount (the order's next key). Compared as the statement orders, in float8.
 */
export function exposureSettled(exposed: CounterRow | null, bounds: Bound[]): boolean {
  return bounds.every((b) => {
    if (b.floor === null) return true;
    if (!exposed?.limit) return false;
    const best = exposed.amount / exposed.limit;
    const bound = b.depth / b.floor;
    return bound < best || (bound === best && b.depth < exposed.amount);
  });
}

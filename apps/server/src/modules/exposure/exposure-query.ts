import {
  EXPOSURE_DEFAULT_THRESHOLDS,
  type Exposure,
  exposureDraw,
  exposureRow,
} from '@borlette/shared/contracts/exposure';
import { money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, joinSql, oneRow, rawSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { agentsWatched } from '../_lib/scope';

/** What one board is: the company, the draw (null: the default one), the day, how many rows, thresholds. */
export interface BoardKey {
  companyId: number;
  tirageId: number | null;
  date: string | null;
  top: number;
  warn: number;
  hot: number;
}

export interface Thresholds {
  warn: number;
  hot: number;
}

/** The request's thresholds, else the company's (`defaults`: its settings). */
export function boardKey(
  companyId: number,
  q: {
    tirage_id?: number | null;
    date?: string;
    top: number;
    warn?: number;
    hot?: number;
  },
  defaults: Thresholds = EXPOSURE_DEFAULT_THRESHOLDS,
): BoardKey {
  const hot = q.hot ?? defaults.hot;
  return {
    companyId,
    tirageId: q.tirage_id ?? null,
    date: q.date ?? null,
    top: q.top,
    hot,
    warn: Math.min(q.warn ?? defaults.warn, hot),
  };
}

const thresholdsRow = z.object({ warn: z.number().int(), hot: z.number().int() });

/**
 * The company's colour thresholds (company settings, migration 0030), read only when the request
 * leaves one out. An open stream keeps the ones it started with (the page reopens it after a change).
 */
export async function companyThresholds(
  raw: RawClient,
  companyId: number,
  q: { warn?: number; hot?: number },
): Promise<Thresholds> {
  if (q.warn !== undefined && q.hot !== undefined) return { warn: q.warn, hot: q.hot };
  const row = await firstRow(
    raw,
    thresholdsRow,
    sql`SELECT exposure_warn_pct AS warn, exposure_hot_pct AS hot FROM company_settings WHERE company_id = ${companyId}`,
  );
  return row ?? EXPOSURE_DEFAULT_THRESHOLDS;
}

/** The agents whose tickets count: every agent, or a supervisor's own (as the statistics do). */
function ticketScope(ctx: HasAuth, agent: Sql): Sql {
  const watched = agentsWatched(ctx, sql`a`);
  if (!watched.length) return sql`true`;
  return sql`${agent} IN (SELECT a.id FROM users a WHERE a.role = 'agent' AND ${joinSql(watched, ' AND ')})`;
}

/** The counters' rows of that scope: the company's (agent 0) for every agent, else the watched agents' own. */
function counterScope(ctx: HasAuth, agent: Sql): Sql {
  if (!agentsWatched(ctx, sql`a`).length) return sql`${agent} = 0`;
  return sql`${agent} <> 0 AND ${ticketScope(ctx, agent)}`;
}

const headRow = z.object({
  currency: z.string(),
  date: z.string(),
  draws: z.array(exposureDraw),
});

const figuresRow = z.object({
  sales: money,
  numbers: z.number().int(),
  worst: exposureRow.nullable(),
  worst_pair: exposureRow.nullable(),
  hot_count: z.number().int(),
  rows: z.array(exposureRow),
  blocked: z.array(z.string()),
  at: z.string(),
});

/**
 * The board: the company's draws with their sales that day (from the summaries), then the chosen
 * draw's figures from its active lines (each line's own primes snapshot), the limits in force and
 * the blocks now. Two statements, each one snapshot.
 */
export async function readBoard(raw: RawClient, ctx: HasAuth, key: BoardKey): Promise<Exposure> {
  const scope = ticketScope(ctx, sql`s.agent_id`);
  const head = await oneRow(
    raw,
    headRow,
    sql`WITH c AS (
          SELECT c.id, c.currency, coalesce(${key.date}::date, (now() AT TIME ZONE c.timezone)::date) AS day
            FROM companies c WHERE c.id = ${key.companyId}
        )
        SELECT c.currency, c.day::text AS date,
               coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'is_open', st.is_open,
                                   'closes_at', to_char(st.closes_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                                   'sales', coalesce((SELECT sum(s.sales) FROM stats_agent_draw_day s
                                                       WHERE s.company_id = t.company_id AND s.business_date = c.day
                                                         AND s.tirage_id = t.id AND ${scope}), 0)::bigint)
                                 ORDER BY st.is_open DESC, st.closes_at, t.name, t.id)
                           FROM tirages t CROSS JOIN LATERAL borlette_tirage_state(t.id) st
                          WHERE t.company_id = c.id), '[]') AS draws
          FROM c`,
  ).catch((e) => {
    if (e instanceof z.ZodError) throw notFound('Compagnie introuvable.');
    throw e;
  });
  let tirageId = key.tirageId;
  if (tirageId !== null && !head.draws.some((d) => d.id === tirageId)) throw notFound('Tirage introuvable.');
  tirageId ??= head.draws[0]?.id ?? null;
  const base = {
    date: head.date,
    currency: head.currency,
    thresholds: { warn: key.warn, hot: key.hot },
    draws: head.draws,
  };
  if (tirageId === null) {
    const at = new Date().toISOString();
    return {
      ...base,
      tirage_id: null,
      sales: 0,
      numbers: 0,
      worst: null,
      worst_pair: null,
      hot_count: 0,
      rows: [],
      blocked: [],
      at,
    };
  }
  const figures = await oneRow(raw, figuresRow, boardFigures(ctx, key, tirageId, head.date));
  return { ...base, tirage_id: tirageId, ...figures };
}

const ROW = rawSql(`json_build_object('code', x.code, 'number', x.number, 'sold', x.sold,
  'payout_lot1', CASE WHEN x.code = 20 THEN x.lot1 END, 'payout_lot2', x.lot2, 'payout_lot3', x.lot3,
  'payout', x.payout, 'limit', x.lim, 'used', x.used, 'blocked', x.blocked, 'level', x.level)`);
const ORDER = rawSql('x.payout DESC, x.sold DESC, x.code, x.number');

/**
 * Per (game, number) of the draw's active lines that day: sold, payout per lot (bolet), the most it
 * can cost (a bolet on every lot: each hit on cumulative lines, the best one otherwise; free
 * mariages pay their fixed amount and count with the pair), the limit the sale applies (ball over
 * game, draw over all draws; company-wide, active), the share used and the block.
 * The paid lines' sums are the limit counters' (sale_counters: kept by the sale, a cancellation, a
 * deletion and a reactivation in their own transaction, migration 0033), so a board reads a few hundred
 * rows whatever the day sold; the free mariages are read from their lines (an index of their own).
 */
function boardFigures(ctx: HasAuth, key: BoardKey, tirageId: number, date: string): Sql {
  const c = key.companyId;
  const scope = ticketScope(ctx, sql`f.agent_id`);
  const counters = counterScope(ctx, sql`sc.agent_id`);
  return sql`WITH lim AS (
      SELECT sl.code, sl.number, coalesce(sl.tirage_id, 0) AS tirage_id, sl.max_amount
        FROM sale_limits sl
       WHERE sl.company_id = ${c} AND coalesce(sl.agent_id, 0) = 0 AND sl.status = 'active'
         AND coalesce(sl.tirage_id, ${tirageId}) = ${tirageId}
    ), blk AS (
      SELECT DISTINCT b.number FROM boule_blocks b
       WHERE b.company_id = ${c} AND b.active AND coalesce(b.tirage_id, ${tirageId}) = ${tirageId}
    ), l AS (
      SELECT sc.code::int AS code, sc.number, sc.amount AS sold, sc.lot1, sc.lot2, sc.lot3, sc.payout
        FROM sale_counters sc
       WHERE sc.company_id = ${c} AND sc.tirage_id = ${tirageId} AND sc.draw_date = ${date}::date
         AND sc.amount > 0 AND ${counters}
      UNION ALL
      SELECT 40, l.number, 0, l.prime1, 0, 0, l.prime1
        FROM fiche_lines l JOIN fiches f ON f.company_id = l.company_id AND f.id = l.fiche_id
       WHERE l.company_id = ${c} AND l.tirage_id = ${tirageId} AND l.draw_date = ${date}::date AND l.code = 44
         AND f.status = 'active' AND ${scope}
    ), n AS (
      SELECT l.code, l.number, sum(l.sold)::bigint AS sold, sum(l.lot1)::bigint AS lot1,
             CASE WHEN l.code = 20 THEN sum(l.lot2) END::bigint AS lot2,
             CASE WHEN l.code = 20 THEN sum(l.lot3) END::bigint AS lot3, sum(l.payout)::bigint AS payout
        FROM l GROUP BY l.code, l.number
    ), r AS (
      SELECT n.*, coalesce(b1.max_amount, b0.max_amount, g1.max_amount, g0.max_amount) AS lim,
             EXISTS (SELECT 1 FROM blk WHERE blk.number = n.number
                        OR (n.code = 40 AND blk.number IN (left(n.number, 2), right(n.number, 2)))) AS blocked
        FROM n
        LEFT JOIN lim b1 ON b1.code = n.code AND b1.number = n.number AND b1.tirage_id = ${tirageId}
        LEFT JOIN lim b0 ON b0.code = n.code AND b0.number = n.number AND b0.tirage_id = 0
        LEFT JOIN lim g1 ON g1.code = n.code AND g1.number IS NULL AND g1.tirage_id = ${tirageId}
        LEFT JOIN lim g0 ON g0.code = n.code AND g0.number IS NULL AND g0.tirage_id = 0
    ), u AS (
      SELECT r.*, CASE WHEN r.lim > 0 THEN round(r.sold * 100.0 / r.lim, 1)::float8
                       WHEN r.lim = 0 THEN 100::float8 END AS used
        FROM r
    ), x AS (
      SELECT u.*, CASE WHEN u.blocked THEN 'blocked' WHEN u.used >= ${key.hot} THEN 'hot'
                       WHEN u.used >= ${key.warn} THEN 'warn' ELSE 'ok' END AS level
        FROM u
    )
    SELECT coalesce((SELECT sum(x.sold) FROM x), 0)::bigint AS sales,
           (SELECT count(*) FROM x)::int AS numbers,
           (SELECT ${ROW} FROM (SELECT * FROM x ORDER BY ${ORDER} LIMIT 1) x) AS worst,
           (SELECT ${ROW} FROM (SELECT * FROM x WHERE x.code = 40 ORDER BY ${ORDER} LIMIT 1) x) AS worst_pair,
           (SELECT count(*) FROM x WHERE x.level IN ('hot', 'blocked'))::int AS hot_count,
           coalesce((SELECT json_agg(${ROW} ORDER BY ${ORDER})
                       FROM (SELECT * FROM x ORDER BY ${ORDER} LIMIT ${key.top}) x), '[]') AS rows,
           coalesce((SELECT json_agg(blk.number ORDER BY blk.number) FROM blk), '[]') AS blocked,
           to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;
}

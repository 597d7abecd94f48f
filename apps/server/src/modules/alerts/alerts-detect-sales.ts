import type { AlertSettings } from '@borlette/shared/contracts/alerts';
import type { RawClient } from '../../db/client';
import { sql } from '../../db/sql';
import { drawAt, ficheJson, fichesAgg, insertAlerts, iso, type PassScope } from './alerts-sql';

/**
 * The detectors that read sales: a burst before a close, a sale after its draw, a day far above the
 * agent's history. Each looks at a window of a few days from `now`, through the company's indexes.
 */

/** Days of the agent's own history a burst or a day is compared with. */
const HISTORY_DAYS = 30;

/**
 * A ticket timestamped at or after its draw's instant (a clock set wrong, or a replayed sale): the
 * engine refuses such sales by the server clock, so one found here came around it. Sales of the
 * company's own draws forced open (« ouvert ») are the admin's choice and left out; a draw tied to a
 * state lottery is high (its numbers may be public), the company's own draw medium.
 */
export function afterDraw(raw: RawClient, p: PassScope): Promise<number> {
  return insertAlerts(
    raw,
    'after_draw',
    p,
    sql`SELECT f.agent_id, d.tirage_id, d.day AS draw_date,
               CASE WHEN d.official THEN 'high' ELSE 'medium' END AS severity,
               'fiche:' || f.id || ':tirage:' || d.tirage_id AS dedupe_key,
               jsonb_build_object('fiches', jsonb_build_array(${ficheJson('f')}),
                 'figures', jsonb_build_object('sold_at', ${iso('f.sold_at')}, 'draw_at', ${iso('d.draw_at')},
                   'late_seconds', floor(extract(epoch FROM f.sold_at - d.draw_at))::bigint,
                   'official', d.official, 'ticket_amount', ft.amount::text)) AS evidence
          FROM (SELECT t.id AS tirage_id, x.day, s.id IS NOT NULL AS official,
                       ${drawAt('t', 's', 'x.day', 'co.timezone')} AS draw_at
                  FROM co JOIN tirages t ON t.company_id = co.id
                  LEFT JOIN draw_sources s ON s.id = t.source_id
                 CROSS JOIN LATERAL (SELECT co.today - k AS day FROM generate_series(0, 2) k) x
                 WHERE NOT (s.id IS NULL AND t.mode = 'open')) d
          JOIN fiche_tirages ft ON ft.company_id = ${p.companyId} AND ft.tirage_id = d.tirage_id AND ft.draw_date = d.day
          JOIN fiches f ON f.company_id = ft.company_id AND f.id = ft.fiche_id
         WHERE f.sold_at >= d.draw_at`,
  );
}

/**
 * One agent's sales on a draw in the last `window_minutes` before its close, at or above the floor
 * and more than `factor` × what the agent usually sells in that same window (its average over the days
 * of the last 30 it sold on that draw). Looked at from the window's start until 6 hours after the close,
 * so it is raised while the window is still open. No history: medium; twice the factor: high.
 */
export function burst(raw: RawClient, p: PassScope, s: AlertSettings['burst']): Promise<number> {
  const span = sql`make_interval(mins => ${s.window_minutes}::int)`;
  const factor = sql`${s.factor}::numeric`;
  return insertAlerts(
    raw,
    'burst',
    p,
    sql`SELECT w.agent_id, w.tirage_id, w.day AS draw_date,
               CASE WHEN h.days > 0 AND w.amount >= 2 * ${factor} * h.amount / greatest(h.days, 1) THEN 'high' ELSE 'medium' END
                 AS severity,
               'agent:' || w.agent_id || ':tirage:' || w.tirage_id || ':' || w.day AS dedupe_key,
               jsonb_build_object('fiches', w.fiches, 'figures', jsonb_build_object(
                 'window_minutes', ${s.window_minutes}::int, 'closes_at', ${iso('w.closes_at')},
                 'tickets', w.tickets, 'sold_amount', w.amount::text,
                 'usual_amount', round(h.amount / greatest(h.days, 1))::bigint::text, 'history_days', h.days,
                 'factor', ${factor})) AS evidence
          FROM (SELECT c.tirage_id, c.day, c.closes_at, c.close_time, f.agent_id, sum(ft.amount) AS amount,
                       count(*)::int AS tickets, ${fichesAgg('f', 'f.sold_at')} AS fiches
                  FROM (SELECT t.id AS tirage_id, t.close_time, x.day,
                               (x.day + t.close_time) AT TIME ZONE co.timezone AS closes_at
                          FROM co JOIN tirages t ON t.company_id = co.id AND t.status = 'active'
                         CROSS JOIN LATERAL (SELECT co.today - k AS day FROM generate_series(0, 1) k) x) c
                  JOIN fiche_tirages ft ON ft.company_id = ${p.companyId} AND ft.tirage_id = c.tirage_id
                                       AND ft.draw_date = c.day
                  JOIN fiches f ON f.company_id = ft.company_id AND f.id = ft.fiche_id
                 WHERE ${p.now}::timestamptz >= c.closes_at - ${span}
                   AND ${p.now}::timestamptz < c.closes_at + interval '6 hours'
                   AND f.sold_at >= c.closes_at - ${span} AND f.sold_at < c.closes_at
                 GROUP BY c.tirage_id, c.day, c.closes_at, c.close_time, f.agent_id
                HAVING sum(ft.amount) >= ${s.floor_amount}::bigint) w
         CROSS JOIN co
         CROSS JOIN LATERAL (
               SELECT count(DISTINCT hf.sale_date)::int AS days,
                      coalesce(sum(h.amount) FILTER (
                        WHERE hf.sold_at >= ((hf.sale_date + w.close_time) AT TIME ZONE co.timezone) - ${span}
                          AND hf.sold_at < (hf.sale_date + w.close_time) AT TIME ZONE co.timezone), 0) AS amount
                 FROM fiches hf
                 JOIN fiche_tirages h ON h.company_id = hf.company_id AND h.fiche_id = hf.id AND h.tirage_id = w.tirage_id
                WHERE hf.company_id = ${p.companyId} AND hf.agent_id = w.agent_id
                  AND hf.sale_date BETWEEN w.day - ${HISTORY_DAYS}::int AND w.day - 1) h
         WHERE w.amount > ${factor} * h.amount / greatest(h.days, 1)`,
  );
}

/**
 * An agent's day (today or yesterday, the company's days) at or above the floor and more than `factor`
 * × the median of its days with sales in the last 30, when it has at least `min_days` of them. Read
 * from the day summaries (stats_agent_day), never the lines. Evidence: the day's 10 largest tickets.
 */
export function dailyOutlier(raw: RawClient, p: PassScope, s: AlertSettings['daily_outlier']): Promise<number> {
  const factor = sql`${s.factor}::numeric`;
  return insertAlerts(
    raw,
    'daily_outlier',
    p,
    sql`SELECT d.agent_id, NULL::bigint AS tirage_id, d.business_date AS draw_date,
               CASE WHEN d.sales >= 2 * ${factor} * h.median THEN 'high' ELSE 'medium' END AS severity,
               'agent:' || d.agent_id || ':' || d.business_date AS dedupe_key,
               jsonb_build_object('fiches', coalesce(t.fiches, '[]'::jsonb), 'figures', jsonb_build_object(
                 'day', to_char(d.business_date, 'YYYY-MM-DD'), 'sold_amount', d.sales::text, 'tickets', d.tickets,
                 'median_amount', round(h.median)::bigint::text, 'history_days', h.days, 'factor', ${factor})) AS evidence
          FROM co
          JOIN stats_agent_day d ON d.company_id = co.id AND d.business_date BETWEEN co.today - 1 AND co.today
                                AND d.sales >= ${s.floor_amount}::bigint
         CROSS JOIN LATERAL (
               SELECT count(*)::int AS days,
                      percentile_cont(0.5) WITHIN GROUP (ORDER BY x.sales::float8)::numeric AS median
                 FROM stats_agent_day x
                WHERE x.company_id = co.id AND x.agent_id = d.agent_id AND x.sales > 0
                  AND x.business_date BETWEEN d.business_date - ${HISTORY_DAYS}::int AND d.business_date - 1) h
         CROSS JOIN LATERAL (
               SELECT to_jsonb(array_agg(${ficheJson('f')} ORDER BY f.amount DESC, f.id)) AS fiches
                 FROM (SELECT * FROM fiches f
                        WHERE f.company_id = co.id AND f.agent_id = d.agent_id AND f.sale_date = d.business_date
                          AND f.status = 'active'
                        ORDER BY f.amount DESC, f.id LIMIT 10) f) t
         WHERE h.days >= ${s.min_days}::int AND d.sales > ${factor} * h.median`,
  );
}

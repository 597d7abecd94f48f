import type { AlertSettings } from '@borlette/shared/contracts/alerts';
import type { RawClient } from '../../db/client';
import { sql } from '../../db/sql';
import { distanceKm, drawAt, ficheJson, fichesAgg, insertAlerts, iso, lineWin, type PassScope } from './alerts-sql';

/**
 * The detectors that read winnings and payments: a winning ticket voided, a result edited after
 * payouts, one agent paying many others' tickets, a ticket paid far from where it was sold.
 */

/**
 * A cancelled or deleted ticket (sold in the last 3 days) whose lines would win under the result now
 * in force on one of its draws: the settlement pays a voided ticket nothing, so this is money a player
 * may have been refused. Voided at or after the draw's instant (numbers possibly known): high.
 */
export function winningVoided(raw: RawClient, p: PassScope): Promise<number> {
  return insertAlerts(
    raw,
    'winning_voided',
    p,
    sql`SELECT f.agent_id, i.tirage_id, i.draw_date,
               CASE WHEN f.status_at >= ${drawAt('t', 's', 'i.draw_date', 'co.timezone')} THEN 'high' ELSE 'medium' END
                 AS severity,
               'fiche:' || f.id || ':tirage:' || i.tirage_id AS dedupe_key,
               jsonb_build_object('fiches', jsonb_build_array(${ficheJson('f')}), 'figures', jsonb_build_object(
                 'status', f.status, 'status_at', ${iso('f.status_at')}, 'reason', f.status_reason,
                 'by', (SELECT u.username FROM users u WHERE u.id = f.status_by),
                 'would_win_amount', sum(${lineWin('l', 'i')})::text,
                 'lots', i.lot1 || '-' || i.lot2 || '-' || i.lot3)) AS evidence
          FROM co
          JOIN fiches f ON f.company_id = co.id AND f.sale_date BETWEEN co.today - 3 AND co.today
                       AND f.status IN ('cancelled', 'deleted')
          JOIN fiche_lines l ON l.company_id = f.company_id AND l.fiche_id = f.id
          JOIN info_tirages i ON i.company_id = f.company_id AND i.tirage_id = l.tirage_id AND i.draw_date = l.draw_date
          JOIN tirages t ON t.id = i.tirage_id
          LEFT JOIN draw_sources s ON s.id = t.source_id
         GROUP BY f.id, f.agent_id, f.number, f.sale_date, f.status, f.status_at, f.status_reason, f.status_by,
                  i.tirage_id, i.draw_date, i.lot1, i.lot2, i.lot3, t.close_time, s.id, s.draw_time, s.timezone,
                  co.timezone
        HAVING sum(${lineWin('l', 'i')}) > 0`,
  );
}

/**
 * A version of a result (a correction, or a withdrawal) recorded in the last 3 days after tickets of
 * that draw and date were paid: the payments it touched, the numbers before and after, who did it.
 * Always high: money already left on the old numbers.
 */
export function resultEdited(raw: RawClient, p: PassScope): Promise<number> {
  return insertAlerts(
    raw,
    'result_edited',
    p,
    sql`SELECT NULL::bigint AS agent_id, v.tirage_id, v.draw_date, 'high' AS severity,
               'version:' || v.id AS dedupe_key,
               jsonb_build_object('fiches', pay.fiches, 'figures', jsonb_build_object(
                 'version', v.version, 'at', ${iso('v.at')}, 'reason', v.reason,
                 'by', (SELECT u.username FROM users u WHERE u.id = v.actor_id),
                 'before', prev.pick3 || '-' || prev.pick4, 'after', v.pick3 || '-' || v.pick4,
                 'paid_tickets', pay.tickets, 'paid_amount', pay.amount::text,
                 'reversed', (SELECT count(*)::int FROM fiche_payments r
                               WHERE r.company_id = v.company_id AND r.kind = 'reversal' AND r.tirage_id = v.tirage_id
                                 AND r.at = v.at))) AS evidence
          FROM co
          JOIN info_tirage_versions v ON v.company_id = co.id AND v.version > 1
                                     AND v.at >= ${p.now}::timestamptz - interval '3 days'
          LEFT JOIN LATERAL (
               SELECT o.pick3, o.pick4 FROM info_tirage_versions o
                WHERE o.company_id = v.company_id AND o.tirage_id = v.tirage_id AND o.draw_date = v.draw_date
                  AND o.version < v.version
                ORDER BY o.version DESC LIMIT 1) prev ON true
         CROSS JOIN LATERAL (
               SELECT count(DISTINCT f.id)::int AS tickets, coalesce(sum(fp.amount), 0) AS amount,
                      ${fichesAgg('f', 'fp.at')} AS fiches
                 FROM fiche_tirages ft
                 JOIN fiche_payments fp ON fp.company_id = ft.company_id AND fp.fiche_id = ft.fiche_id
                                       AND fp.tirage_id = ft.tirage_id AND fp.kind = 'payment' AND fp.at < v.at
                 JOIN fiches f ON f.company_id = ft.company_id AND f.id = ft.fiche_id
                WHERE ft.company_id = v.company_id AND ft.tirage_id = v.tirage_id AND ft.draw_date = v.draw_date) pay
         WHERE pay.tickets > 0`,
  );
}

/**
 * An agent who paid, on one of the company's days (today or yesterday), at least `min_tickets`
 * tickets sold by other agents (back-office payments are the office's job and not counted). Three
 * times the threshold: high.
 */
export function foreignPayments(raw: RawClient, p: PassScope, s: AlertSettings['foreign_payments']): Promise<number> {
  return insertAlerts(
    raw,
    'foreign_payments',
    p,
    sql`SELECT x.payer AS agent_id, NULL::bigint AS tirage_id, x.day AS draw_date,
               CASE WHEN x.tickets >= 3 * ${s.min_tickets}::int THEN 'high' ELSE 'medium' END AS severity,
               'payer:' || x.payer || ':' || x.day AS dedupe_key,
               jsonb_build_object('fiches', x.fiches, 'figures', jsonb_build_object(
                 'day', to_char(x.day, 'YYYY-MM-DD'), 'paid_tickets', x.tickets, 'paid_amount', x.amount::text,
                 'sellers', x.sellers, 'min_tickets', ${s.min_tickets}::int)) AS evidence
          FROM (SELECT f.paid_by AS payer, (f.paid_at AT TIME ZONE co.timezone)::date AS day, count(*)::int AS tickets,
                       sum(f.paid_amount) AS amount, count(DISTINCT f.agent_id)::int AS sellers,
                       ${fichesAgg('f', 'f.paid_at')} AS fiches
                  FROM co
                  JOIN fiches f ON f.company_id = co.id AND f.paid_at >= (co.today - 1) AT TIME ZONE co.timezone
                  JOIN users u ON u.id = f.paid_by AND u.role = 'agent'
                 WHERE f.agent_id <> f.paid_by
                 GROUP BY 1, 2
                HAVING count(*) >= ${s.min_tickets}::int) x`,
  );
}

/**
 * A ticket paid (in the last 2 days) more than `distance_km` from where it was sold. The sale's place
 * is its fiche_locations row; a payment records no place, so the payer's is the place of its own sale
 * nearest in time to the payment, within `match_minutes` (a POS sells and pays from one spot). Both
 * known or no alert. Five times the distance: high.
 */
export function paidFar(raw: RawClient, p: PassScope, s: AlertSettings['paid_far']): Promise<number> {
  const span = sql`make_interval(mins => ${s.match_minutes}::int)`;
  const km = distanceKm('sl.latitude', 'sl.longitude', 'pl.latitude', 'pl.longitude');
  return insertAlerts(
    raw,
    'paid_far',
    p,
    sql`SELECT f.paid_by AS agent_id, NULL::bigint AS tirage_id, f.sale_date AS draw_date,
               CASE WHEN d.km >= 5 * ${s.distance_km}::int THEN 'high' ELSE 'medium' END AS severity,
               'fiche:' || f.id AS dedupe_key,
               jsonb_build_object('fiches', jsonb_build_array(${ficheJson('f')}, pl.fiche), 'figures', jsonb_build_object(
                 'distance_km', round(d.km::numeric, 1), 'paid_at', ${iso('f.paid_at')},
                 'sold_at_place', round(sl.latitude::numeric, 5) || ', ' || round(sl.longitude::numeric, 5),
                 'paid_at_place', round(pl.latitude::numeric, 5) || ', ' || round(pl.longitude::numeric, 5),
                 'seller_id', f.agent_id, 'paid_amount', f.paid_amount::text)) AS evidence
          FROM co
          JOIN fiches f ON f.company_id = co.id AND f.paid_at >= ${p.now}::timestamptz - interval '2 days'
          JOIN fiche_locations sl ON sl.company_id = f.company_id AND sl.fiche_id = f.id
         CROSS JOIN LATERAL (
               SELECT l.latitude, l.longitude, ${ficheJson('g')} AS fiche
                 FROM fiches g JOIN fiche_locations l ON l.company_id = g.company_id AND l.fiche_id = g.id
                WHERE g.company_id = f.company_id AND g.agent_id = f.paid_by AND g.id <> f.id
                  AND g.sale_date BETWEEN (f.paid_at AT TIME ZONE co.timezone)::date - 1
                                      AND (f.paid_at AT TIME ZONE co.timezone)::date + 1
                  AND g.sold_at BETWEEN f.paid_at - ${span} AND f.paid_at + ${span}
                ORDER BY abs(extract(epoch FROM g.sold_at - f.paid_at)), g.id LIMIT 1) pl
         CROSS JOIN LATERAL (SELECT ${km} AS km) d
         WHERE d.km > ${s.distance_km}::int`,
  );
}

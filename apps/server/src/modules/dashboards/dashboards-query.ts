import {
  type DashboardKpis,
  dailySeries,
  drawSeries,
  type ficheStatusSeries,
  dashboardKpis as kpisSchema,
} from '@borlette/shared/contracts/dashboards';
import { subMoney } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { oneRow, rawSql, rows, type Sql, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { type CurrencyPeriod, currencyWhere } from '../_lib/currency-scope';
import {
  type Period,
  type ReportFilterValues,
  summaryTable,
  summaryWhere,
  tenantWhere,
  visibleAgentWhere,
} from '../_lib/report-scope';
import { supervisorCommissionParts } from '../_lib/supervisor-commission';

/**
 * The home board's figures, all from the summaries maintained with the tickets (contracts/reports.ts
 * « Definitions »): per agent and day, or per draw when one draw is asked; the ticket statuses from
 * the tickets themselves (the summaries do not split them).
 */

const SUMS = rawSql(`coalesce(sum(s.tickets), 0)::int AS tickets, coalesce(sum(s.sales), 0)::bigint AS sales,
  coalesce(sum(s.commission), 0)::bigint AS commission, coalesce(sum(s.cancelled), 0)::int AS cancelled,
  coalesce(sum(s.cancelled_amount), 0)::bigint AS cancelled_amount, coalesce(sum(s.wins), 0)::bigint AS wins,
  coalesce(sum(s.winners), 0)::int AS winners, coalesce(sum(s.payouts), 0)::bigint AS payouts,
  coalesce(sum(s.paid), 0)::int AS paid`);

/** The summaries' conditions, in the period's currency (« Toutes » over companies of several currencies). */
function inCurrency(ctx: HasAuth, q: ReportFilterValues, period: Period): Sql {
  return whereSql([
    ...summaryWhere(ctx, 's', q, period, { draw: true }),
    ...currencyWhere(ctx, sql`s.company_id`, period),
  ]);
}

const AGENT_NAME = rawSql(`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)`);
const TOP = 5;

/** The KPI row as the statement answers it (the rest is computed). */
const kpiRow = kpisSchema.omit({
  balance: true,
  net: true,
  currency: true,
  currencies: true,
  start_date: true,
  end_date: true,
});

/** KPI cards of the period, with the top agents and sub-branches by sales. */
export async function dashboardKpis(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: CurrencyPeriod,
): Promise<DashboardKpis> {
  const row = await oneRow(
    raw,
    kpiRow,
    sql`WITH r AS (
       SELECT s.agent_id, s.surcussale_id, ${SUMS}
         FROM ${summaryTable(q)} s ${inCurrency(ctx, q, period)}
        GROUP BY s.agent_id, s.surcussale_id
     ), a AS (
       SELECT agent_id, sum(sales)::bigint AS sales FROM r GROUP BY agent_id HAVING sum(sales) > 0
        ORDER BY 2 DESC, 1 LIMIT ${rawSql(String(TOP))}
     ), b AS (
       SELECT surcussale_id, sum(sales)::bigint AS sales FROM r GROUP BY surcussale_id HAVING sum(sales) > 0
        ORDER BY 2 DESC, 1 NULLS LAST LIMIT ${rawSql(String(TOP))}
     ), sc AS (
       SELECT coalesce(sum(p.commission), 0)::bigint AS supervisor_commission
         FROM (${supervisorCommissionParts(ctx, [
           ...summaryWhere(ctx, 's', q, period, { draw: true }),
           ...currencyWhere(ctx, sql`s.company_id`, period),
         ])}) p
     )
     SELECT coalesce(sum(r.tickets), 0)::int AS tickets, coalesce(sum(r.sales), 0)::bigint AS sales,
            coalesce(sum(r.commission), 0)::bigint AS commission, coalesce(sum(r.cancelled), 0)::int AS cancelled,
            coalesce(sum(r.cancelled_amount), 0)::bigint AS cancelled_amount,
            coalesce(sum(r.wins), 0)::bigint AS wins, coalesce(sum(r.winners), 0)::int AS winners,
            coalesce(sum(r.payouts), 0)::bigint AS payouts, coalesce(sum(r.paid), 0)::int AS paid,
            count(DISTINCT r.agent_id) FILTER (WHERE r.tickets > 0)::int AS active_agents,
            (SELECT sc.supervisor_commission FROM sc) AS supervisor_commission,
            (SELECT coalesce(json_agg(json_build_object('id', a.agent_id, 'name', ${AGENT_NAME}, 'sales', a.sales)
                                      ORDER BY a.sales DESC, a.agent_id), '[]'::json)
               FROM a JOIN users u ON u.id = a.agent_id) AS top_agents,
            (SELECT coalesce(json_agg(json_build_object('id', b.surcussale_id,
                                                        'name', coalesce(su.name, 'Sans succursale'), 'sales', b.sales)
                                      ORDER BY b.sales DESC, b.surcussale_id NULLS LAST), '[]'::json)
               FROM b LEFT JOIN surcussales su ON su.id = b.surcussale_id) AS top_surcussales
       FROM r`,
  );
  const net = subMoney(subMoney(row.sales, row.commission), row.payouts); // exact past 2^53
  return {
    ...row,
    balance: net,
    net,
    currency: period.currency,
    currencies: period.currencies,
    start_date: period.start,
    end_date: period.end,
  };
}

/** Every day of the period (zeros included): sales, commission, payouts, wins, net, tickets. */
export async function dailyFigures(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: Period,
): Promise<z.infer<typeof dailySeries>> {
  const where = inCurrency(ctx, q, period);
  const days = sql`generate_series(${period.start}::date, ${period.end}::date, interval '1 day')`;
  return rows(
    raw,
    dailySeries.element,
    sql`WITH x AS (
       SELECT s.business_date AS day, ${SUMS}
         FROM ${summaryTable(q)} s ${where}
        GROUP BY s.business_date
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(x.sales, 0)::bigint AS sales,
            coalesce(x.commission, 0)::bigint AS commission, coalesce(x.payouts, 0)::bigint AS payouts,
            coalesce(x.wins, 0)::bigint AS wins,
            (coalesce(x.sales, 0) - coalesce(x.commission, 0) - coalesce(x.payouts, 0))::bigint AS net,
            coalesce(x.tickets, 0)::int AS tickets, coalesce(x.winners, 0)::int AS winners,
            coalesce(x.paid, 0)::int AS paid, ${period.currency}::text AS currency
       FROM (SELECT g::date AS day FROM ${days} g) d
       LEFT JOIN x ON x.day = d.day
      ORDER BY d.day`,
  );
}

/** Per draw (draws with tickets in the period): sales, wins, tickets. */
export async function drawFigures(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: Period,
): Promise<z.infer<typeof drawSeries>> {
  return rows(
    raw,
    drawSeries.element,
    sql`SELECT s.tirage_id, t.name, sum(s.sales)::bigint AS sales, sum(s.wins)::bigint AS wins,
            sum(s.tickets)::int AS tickets, ${period.currency}::text AS currency
       FROM stats_agent_draw_day s JOIN tirages t ON t.id = s.tirage_id
      ${inCurrency(ctx, q, period)}
      GROUP BY s.tirage_id, t.name
     HAVING sum(s.tickets) > 0
      ORDER BY 3 DESC, lower(t.name), s.tirage_id`,
  );
}

export const FICHE_STATUSES = ['en_attente', 'gagnant', 'perdant', 'paye', 'annule', 'supprime'] as const;

const statusCounts = z.object(
  Object.fromEntries(FICHE_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof FICHE_STATUSES)[number],
    z.ZodNumber
  >,
);

/**
 * Tickets of the period by display status (the rule of borlette_status_label: cancelled, deleted,
 * paid, waiting for a result of one of its draws, winning, lost). Read from the tickets of the
 * period (company, sale date: their index) — the summaries do not split the statuses.
 */
export async function ficheStatuses(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: Period,
): Promise<z.infer<typeof ficheStatusSeries>> {
  const where = [
    ...tenantWhere(ctx, sql`f.company_id`),
    ...currencyWhere(ctx, sql`f.company_id`, period),
    sql`f.sale_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (q.tirage_id) {
    where.push(sql`EXISTS (SELECT 1 FROM fiche_tirages ft WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
                         AND ft.tirage_id = ${q.tirage_id})`);
  }
  if (q.surcussale_id) where.push(sql`f.surcussale_id = ${q.surcussale_id}`);
  if (q.agent_id) where.push(sql`f.agent_id = ${q.agent_id}`);
  where.push(...visibleAgentWhere(ctx, sql`f.agent_id`));
  const row = await oneRow(
    raw,
    statusCounts,
    sql`WITH f AS (
       SELECT f.status, f.paid_at IS NOT NULL AS paid, f.win_amount,
              EXISTS (SELECT 1 FROM fiche_tirages ft
                       WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
                         AND NOT EXISTS (SELECT 1 FROM info_tirages i
                                          WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                                            AND i.draw_date = ft.draw_date)) AS pending
         FROM fiches f ${whereSql(where)}
     ), l AS (SELECT borlette_status_label(f.status, f.paid, f.pending, f.win_amount) AS label FROM f)
     SELECT ${rawSql(FICHE_STATUSES.map((s) => `count(*) FILTER (WHERE label = '${s}')::int AS ${s}`).join(', '))} FROM l`,
  );
  return FICHE_STATUSES.map((status) => ({ status, count: row[status] }));
}

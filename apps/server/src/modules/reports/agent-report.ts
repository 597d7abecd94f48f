import { addMoney } from '@borlette/shared/contracts/money';
import { type AgentReportRow, type AgentReportTotals, agentReportRow } from '@borlette/shared/contracts/reports';
import type { RawClient } from '../../db/client';
import { joinSql, rawSql, rows, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { type Period, tenantWhere } from '../_lib/report-scope';
import { agentsWatched } from '../_lib/scope';
import { figureSums, NOT_EMPTY, type ReportFilters, statsTable, sumFigures } from './reports-query';

/**
 * The agent control report (rapports-agent): per agent, the figures of the period from the summaries,
 * the wallet movements of the period by kind (signed like the ledger: deposits −, withdrawals +) and
 * `to_collect`, its ledger balance at the end of the period (every entry with business_date <= end),
 * all read from the ledger's day sums (`wallet_agent_day`, kept by a trigger), not from the entries.
 *
 * Rows: the agents of the scope with figures or movements in the period, or a balance ≠ 0 at its end.
 * The sub-branch filter is the agent's (current) sub-branch; the draw filter narrows the figures only
 * (the ledger has no draw).
 */
export async function agentReportRows(
  raw: RawClient,
  ctx: HasAuth,
  period: Period,
  f: ReportFilters,
): Promise<AgentReportRow[]> {
  const agents = [sql`a.role = 'agent'`, ...tenantWhere(ctx, sql`a.company_id`)];
  agents.push(...agentsWatched(ctx, sql`a`));
  if (f.surcussale_id) agents.push(sql`a.surcussale_id = ${f.surcussale_id}`);
  if (f.agent_id) agents.push(sql`a.id = ${f.agent_id}`);
  const start = sql`${period.start}::date`;
  const end = sql`${period.end}::date`;
  const table = statsTable(null, f);
  const draw = f.tirage_id && table === 'stats_agent_draw_day' ? sql`AND s.tirage_id = ${f.tirage_id}` : rawSql('');
  return rows(
    raw,
    agentReportRow,
    sql`WITH ag AS (SELECT a.id, a.company_id FROM users a WHERE ${joinSql(agents, ' AND ')}),
     st AS (
       SELECT s.agent_id, ${figureSums('s')}
         FROM ${rawSql(table)} s JOIN ag ON ag.id = s.agent_id AND ag.company_id = s.company_id
        WHERE s.business_date BETWEEN ${start} AND ${end} ${draw}
        GROUP BY 1
       HAVING ${NOT_EMPTY('s')}
     ), mv AS (
       SELECT w.agent_id, sum(w.deposits)::bigint AS deposits, sum(w.withdrawals)::bigint AS withdrawals,
              sum(w.adjustments)::bigint AS adjustments, sum(w.zero)::bigint AS zero,
              sum(w.collections)::bigint AS collections, sum(w.moves)::int AS n
         FROM wallet_agent_day w JOIN ag ON ag.id = w.agent_id AND ag.company_id = w.company_id
        WHERE w.business_date BETWEEN ${start} AND ${end}
        GROUP BY 1
     ), bal AS (
       SELECT w.agent_id, sum(w.total)::bigint AS to_collect
         FROM wallet_agent_day w JOIN ag ON ag.id = w.agent_id AND ag.company_id = w.company_id
        WHERE w.business_date <= ${end}
        GROUP BY 1
     ), now_owed AS (
       -- What the agent owes now (the sale's credit check reads the same sum).
       SELECT w.agent_id, sum(w.total)::bigint AS owed
         FROM wallet_agent_day w JOIN ag ON ag.id = w.agent_id AND ag.company_id = w.company_id
        GROUP BY 1
     ), ids AS (
       SELECT agent_id FROM st
       UNION SELECT agent_id FROM mv WHERE n > 0
       UNION SELECT agent_id FROM bal WHERE to_collect <> 0
     )
     SELECT u.id AS agent_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) AS agent_name,
            u.username AS agent_username, x.name AS surcussale_name,
            coalesce(st.tickets, 0) AS tickets, coalesce(st.sales, 0) AS sales, coalesce(st.commission, 0) AS commission,
            coalesce(st.cancelled, 0) AS cancelled, coalesce(st.cancelled_amount, 0) AS cancelled_amount,
            coalesce(st.wins, 0) AS wins, coalesce(st.winners, 0) AS winners, coalesce(st.payouts, 0) AS payouts,
            coalesce(st.paid, 0) AS paid, coalesce(st.balance, 0) AS balance,
            coalesce(mv.deposits, 0) AS deposits, coalesce(mv.withdrawals, 0) AS withdrawals,
            coalesce(mv.adjustments, 0) AS adjustments, coalesce(mv.zero, 0) AS zero,
            coalesce(mv.collections, 0) AS collections, coalesce(bal.to_collect, 0) AS to_collect, co.currency,
            cr.credit_limit, coalesce(cr.credit_limit IS NOT NULL AND coalesce(no.owed, 0) >= cr.credit_limit, false)
              AS credit_blocked
       FROM ids JOIN users u ON u.id = ids.agent_id JOIN companies co ON co.id = u.company_id
       LEFT JOIN company_settings cs ON cs.company_id = u.company_id
       LEFT JOIN now_owed no ON no.agent_id = u.id
       CROSS JOIN LATERAL (SELECT CASE WHEN coalesce(u.credit_mode, cs.credit_mode) = 'prepaid' THEN 0
                                       ELSE coalesce(u.credit_limit, cs.credit_limit) END AS credit_limit) cr
       LEFT JOIN surcussales x ON x.id = u.surcussale_id
       LEFT JOIN st ON st.agent_id = u.id LEFT JOIN mv ON mv.agent_id = u.id LEFT JOIN bal ON bal.agent_id = u.id
      ORDER BY lower(coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)), u.username, u.id`,
  );
}

/** The sum of rows of one currency (currencyTotals sets the currency of each line). */
export function agentReportTotals(rows: AgentReportRow[]): Omit<AgentReportTotals, 'currency'> {
  const totals = {
    ...sumFigures(rows),
    deposits: 0,
    withdrawals: 0,
    adjustments: 0,
    zero: 0,
    collections: 0,
    to_collect: 0,
  };
  for (const r of rows) {
    totals.deposits = addMoney(totals.deposits, r.deposits);
    totals.withdrawals = addMoney(totals.withdrawals, r.withdrawals);
    totals.adjustments = addMoney(totals.adjustments, r.adjustments);
    totals.zero = addMoney(totals.zero, r.zero);
    totals.collections = addMoney(totals.collections, r.collections);
    totals.to_collect = addMoney(totals.to_collect, r.to_collect);
  }
  return totals;
}

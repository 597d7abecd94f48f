import { type Sql, sql, whereSql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import { watchedBy } from './report-scope';

/**
 * The supervisors' commission (issue 20 §3), computed here and nowhere else. Its unit is one summary
 * row per draw (`stats_agent_draw_day`: an agent's net sales of one draw on one business day) and one
 * supervisor watching that agent now (its sub-branches, or assigned) with a rate of its own:
 * sales × the supervisor's rate in force that day (`supervisor_rates`, migration 0032: a change of
 * rate does not rewrite the days before it), rounded half up. Every figure (reports, dashboard, ledger,
 * closing) is a sum of these parts, so they agree whatever their grouping or filters. Archived
 * supervisors and those without a rate earn nothing.
 *
 * `where`: conditions on the summary rows `s` and their agent `a` (users). A supervisor reading
 * sees its own parts only; `supervisorId` narrows to one supervisor (a report of its agents).
 * Columns: company_id, business_date, tirage_id, agent_id, surcussale_id, supervisor_id, sales, bp,
 * commission.
 */
export function supervisorCommissionParts(ctx: HasAuth, where: Sql[], supervisorId?: number): Sql {
  const auth = authOf(ctx);
  const conds = [...where];
  if (auth.role === 'supervisor') conds.push(sql`sup.id = ${auth.userId}`);
  if (supervisorId !== undefined) conds.push(sql`sup.id = ${supervisorId}`);
  return sql`SELECT s.company_id, s.business_date, s.tirage_id, s.agent_id, s.surcussale_id, sup.id AS supervisor_id,
                    s.sales, rate.bp, ((s.sales * rate.bp + 5000) / 10000)::bigint AS commission
               FROM stats_agent_draw_day s
               JOIN users a ON a.id = s.agent_id
               JOIN users sup ON sup.company_id = s.company_id AND sup.role = 'supervisor' AND sup.status <> 'archived'
                             AND ${watchedBy(sql`a`, sql`sup.id`)}
               JOIN LATERAL (SELECT r.commission_bp AS bp FROM supervisor_rates r
                              WHERE r.company_id = s.company_id AND r.supervisor_id = sup.id
                                AND r.valid_from <= s.business_date
                              ORDER BY r.valid_from DESC LIMIT 1) rate ON rate.bp > 0
             ${whereSql(conds)}`;
}

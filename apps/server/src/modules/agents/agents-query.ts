import { agent, type agentListQuery, agentOptions as agentOptionsBody } from '@borlette/shared/contracts/agents';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rows, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere, orNotFound } from '../_lib/scope';

/** An agent as the API answers it, plus its company (stripped before answering). */
export const agentRow = agent.extend({ company_id: z.number() });
export type AgentRow = z.output<typeof agentRow>;

const COLUMNS = sql`
  u.id, u.company_id, u.username, u.first_name, u.last_name, u.phone, u.status,
  u.surcussale_id, s.name AS surcussale_name,
  u.supervisor_id, CASE WHEN sv.id IS NULL THEN NULL ELSE trim(sv.first_name || ' ' || sv.last_name) END AS supervisor_name,
  u.commission_bp, coalesce(u.commission_bp, cs.commission_bp, 1000) AS effective_commission_bp,
  u.can_cancel, u.credit_limit, u.credit_mode,
  CASE WHEN coalesce(u.credit_mode, cs.credit_mode, 'ceiling') = 'prepaid' THEN 0
       ELSE coalesce(u.credit_limit, cs.credit_limit) END AS effective_credit_limit,
  coalesce(u.credit_mode, cs.credit_mode, 'ceiling') AS effective_credit_mode,
  ${isoTime(sql`u.created_at`)} AS created_at`;

const FROM = sql`FROM users u
  LEFT JOIN surcussales s ON s.id = u.surcussale_id
  LEFT JOIN users sv ON sv.id = u.supervisor_id
  LEFT JOIN company_settings cs ON cs.company_id = u.company_id`;

export const stripAgent = ({ company_id, ...r }: AgentRow): z.output<typeof agent> => r;

type Filters = z.output<typeof agentListQuery>;

/** The list of GET /api/companies/list-agent: the caller's company; a supervisor, the agents it watches. */
export function agentList(ctx: HasAuth, q: Filters): ListSource<typeof agentRow, SortKey<typeof agentListQuery>> {
  const where = [...companyWhere(ctx, sql`u.company_id`), sql`u.role = 'agent'`, ...agentsWatched(ctx, sql`u`)];
  where.push(q.status ? sql`u.status = ${q.status}` : sql`u.status <> 'archived'`);
  if (q.surcussale_id) where.push(sql`u.surcussale_id = ${q.surcussale_id}`);
  if (q.supervisor_id) where.push(sql`u.supervisor_id = ${q.supervisor_id}`);
  return {
    row: agentRow,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      name: sql`lower(u.first_name || ' ' || u.last_name)`,
      username: sql`lower(u.username)`,
      surcussale: sql`lower(s.name)`,
      supervisor: sql`lower(sv.first_name || ' ' || sv.last_name)`,
      commission: sql`coalesce(u.commission_bp, cs.commission_bp)`,
      status: sql`u.status`,
      created_at: sql`u.created_at`,
    },
    search: [
      sql`u.first_name`,
      sql`u.last_name`,
      sql`u.first_name || ' ' || u.last_name`,
      sql`u.username`,
      sql`u.phone`,
    ],
    tieBreaker: sql`u.id`,
  };
}

/** One agent of the company (404 otherwise), seen through the caller's scope (a supervisor: only what it watches). */
export async function getAgent(raw: RawClient, ctx: HasAuth, companyId: number | null, id: number): Promise<AgentRow> {
  const conds = [sql`u.id = ${id}`, sql`u.role = 'agent'`, ...agentsWatched(ctx, sql`u`)];
  if (companyId !== null) conds.push(sql`u.company_id = ${companyId}`);
  const row = await firstRow(raw, agentRow, sql`SELECT ${COLUMNS} ${FROM} WHERE ${joinSql(conds, ' AND ')}`);
  return orNotFound(row, 'Vendeur introuvable.');
}

const optionsShape = agentOptionsBody.shape;

/** The sub-branches and supervisors an agent form may offer to this user, and the company's default rate. */
export async function agentOptions(raw: RawClient, ctx: HasAuth, companyId: number) {
  const auth = authOf(ctx);
  const me = auth.role === 'supervisor' ? auth.userId : null;
  const surcussales = await rows(
    raw,
    optionsShape.surcussales.element,
    sql`SELECT s.id, s.name, s.status FROM surcussales s
         WHERE s.company_id = ${companyId}
           AND (${me}::bigint IS NULL OR s.id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                                   WHERE ss.company_id = ${companyId} AND ss.supervisor_id = ${me}::bigint))
         ORDER BY lower(s.name), s.id`,
  );
  const supervisors = await rows(
    raw,
    optionsShape.supervisors.element,
    sql`SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name, u.username FROM users u
         WHERE u.company_id = ${companyId} AND u.role = 'supervisor' AND u.status <> 'archived'
           AND (${me}::bigint IS NULL OR u.id = ${me}::bigint)
         ORDER BY lower(u.first_name || ' ' || u.last_name), u.id`,
  );
  const company = await firstRow(
    raw,
    z.object({ ref_code: z.string(), commission_bp: z.number().nullable() }),
    sql`SELECT c.ref_code, cs.commission_bp FROM companies c LEFT JOIN company_settings cs ON cs.company_id = c.id
         WHERE c.id = ${companyId}`,
  );
  return {
    surcussales,
    supervisors,
    default_commission_bp: company?.commission_bp ?? 1000,
    ref_code: company?.ref_code ?? '',
  };
}

import {
  type LimiteFiche,
  type LimiteFicheAgentChoice,
  limiteFiche,
  limiteFicheAgentChoice,
  type limiteFicheListQuery,
} from '@borlette/shared/contracts/limite-fiche';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { containsPattern, firstRow, isoTime, joinSql, rows, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere, orNotFound } from '../_lib/scope';

/** A limit as the API answers it, plus its company (stripped before answering). */
export const limiteRow = limiteFiche.extend({ company_id: z.number() });
type LimiteRow = z.output<typeof limiteRow>;

const AGENT_NAME = sql`coalesce(nullif(trim(ag.first_name || ' ' || ag.last_name), ''), ag.username)`;

const LIMITE_COLUMNS = sql`
  l.id, l.company_id, l.agent_id, CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END AS agent_name,
  ag.username AS agent_username, s.name AS surcussale_name, l.max_amount, l.status,
  ${isoTime(sql`l.created_at`)} AS created_at, ${isoTime(sql`l.updated_at`)} AS updated_at`;
const LIMITE_FROM = sql`FROM limite_fiches l
  LEFT JOIN users ag ON ag.id = l.agent_id
  LEFT JOIN surcussales s ON s.id = ag.surcussale_id`;

/** A supervisor sees the company-wide limit and the limits of the agents it watches. */
function limiteVisibility(ctx: HasAuth): Sql[] {
  const agents = agentsWatched(ctx, sql`ag`);
  return agents.length ? [sql`(l.agent_id IS NULL OR ${joinSql(agents, ' AND ')})`] : [];
}

type Filters = z.output<typeof limiteFicheListQuery>;

/** The list of GET /api/games/limite-fiche: the caller's company (a supervisor: what it sees), the filters. */
export function limiteList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof limiteRow, SortKey<typeof limiteFicheListQuery>> {
  const where = [...companyWhere(ctx, sql`l.company_id`), ...limiteVisibility(ctx)];
  if (q.scope) where.push(q.scope === 'company' ? sql`l.agent_id IS NULL` : sql`l.agent_id IS NOT NULL`);
  if (q.status) where.push(sql`l.status = ${q.status}`);
  if (q.agent_id) where.push(sql`l.agent_id = ${q.agent_id}`);
  return {
    row: limiteRow,
    select: LIMITE_COLUMNS,
    from: LIMITE_FROM,
    where,
    // The company-wide limit (no agent) first.
    sortable: {
      agent: sql`coalesce(lower(CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END), '')`,
      max_amount: sql`l.max_amount`,
      status: sql`l.status`,
      updated_at: sql`l.updated_at`,
    },
    search: [sql`ag.username`, sql`ag.first_name`, sql`ag.last_name`, sql`s.name`],
    tieBreaker: sql`l.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: LimiteRow): LimiteFiche => r;

/** One limit of `companyId` (any when null) that the caller sees, 404 otherwise. */
export async function getLimite(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number | null,
  id: number,
): Promise<LimiteFiche> {
  const conds = [sql`l.id = ${id}`, ...limiteVisibility(ctx)];
  if (companyId !== null) conds.push(sql`l.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    limiteRow,
    sql`SELECT ${LIMITE_COLUMNS} ${LIMITE_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return withoutCompany(orNotFound(row, 'Limite introuvable.'));
}

/** Agents of the company the user may give a limit to (a supervisor: those it watches). 50 at most. */
export async function limiteAgentChoices(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number | null,
  search: string | undefined,
): Promise<LimiteFicheAgentChoice[]> {
  if (companyId === null) return [];
  const conds = [
    sql`ag.company_id = ${companyId}`,
    sql`ag.role = 'agent'`,
    sql`ag.status <> 'archived'`,
    ...agentsWatched(ctx, sql`ag`),
  ];
  if (search) {
    const p = containsPattern(search);
    conds.push(sql`(lower(ag.username) LIKE ${p} OR lower(${AGENT_NAME}) LIKE ${p})`);
  }
  return rows(
    raw,
    limiteFicheAgentChoice,
    sql`SELECT ag.id, ${AGENT_NAME} AS name, ag.username, s.name AS surcussale_name,
            EXISTS (SELECT 1 FROM limite_fiches l WHERE l.company_id = ${companyId} AND l.agent_id = ag.id) AS has_limit
       FROM users ag LEFT JOIN surcussales s ON s.id = ag.surcussale_id
      WHERE ${joinSql(conds, ' AND ')}
      ORDER BY lower(${AGENT_NAME}), ag.id LIMIT 50`,
  );
}

const amountRow = limiteFiche.pick({ max_amount: true });

/**
 * The maximum amount (centimes) of one ticket of this agent at sale: its own active limit, else the
 * company's active one, else null (no limit). Blocked limits are suspended.
 */
export async function ticketLimitFor(raw: RawClient, companyId: number, agentId: number): Promise<number | null> {
  const row = await firstRow(
    raw,
    amountRow,
    sql`SELECT max_amount FROM limite_fiches
      WHERE company_id = ${companyId} AND (agent_id = ${agentId} OR agent_id IS NULL) AND status = 'active'
      ORDER BY agent_id NULLS LAST LIMIT 1`,
  );
  return row?.max_amount ?? null;
}

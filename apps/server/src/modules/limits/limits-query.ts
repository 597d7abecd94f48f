import { type SaleLimit, saleLimit, saleLimitListQueries } from '@borlette/shared/contracts/limits';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { agentsWatched, companyWhere, orNotFound } from '../_lib/scope';
import type { KindDef } from './limit-kinds';

/** A limit as the API answers it, plus its company (stripped before answering). */
export const limitRow = saleLimit.extend({ company_id: z.number() });
type LimitRow = z.output<typeof limitRow>;

const AGENT_NAME = sql`coalesce(nullif(trim(ag.first_name || ' ' || ag.last_name), ''), ag.username)`;

/**
 * sold_today: what the limit is compared with at sale — the largest running total of today (company's
 * business date) on one number and one draw among those the limit covers: counters of the company
 * (agent 0) or of the limit's agent; its draw or every draw; its number, or every number of its game.
 * Through the company's draws so that each lookup uses the counters' key (company, draw, date, agent,
 * code), never a scan of the company's whole history.
 */
const SOLD_TODAY = sql`coalesce((SELECT max(sc.amount) FROM tirages st
   JOIN sale_counters sc ON sc.company_id = l.company_id AND sc.tirage_id = st.id
    AND sc.draw_date = (now() AT TIME ZONE co.timezone)::date
    AND sc.agent_id = coalesce(l.agent_id, 0) AND sc.code = l.code
    AND (l.number IS NULL OR sc.number = l.number)
  WHERE st.company_id = l.company_id AND (l.tirage_id IS NULL OR st.id = l.tirage_id)), 0)::bigint`;

const LIMIT_COLUMNS = sql`
  l.id, l.company_id,
  CASE WHEN l.agent_id IS NULL THEN CASE WHEN l.number IS NULL THEN 'game' ELSE 'boule' END
       ELSE CASE WHEN l.number IS NULL THEN 'game-agent' ELSE 'boule-agent' END END AS kind,
  l.code, l.number, l.agent_id, CASE WHEN ag.id IS NULL THEN NULL ELSE ${AGENT_NAME} END AS agent_name,
  l.tirage_id, t.name AS tirage_name, l.max_amount, l.status, ${SOLD_TODAY} AS sold_today,
  ${isoTime(sql`l.created_at`)} AS created_at, ${isoTime(sql`l.updated_at`)} AS updated_at`;
const LIMIT_FROM = sql`FROM sale_limits l
  JOIN companies co ON co.id = l.company_id
  LEFT JOIN users ag ON ag.id = l.agent_id
  LEFT JOIN tirages t ON t.id = l.tirage_id`;

/** The rows of this kind the user may see (a supervisor: per-agent limits of the agents it watches). */
function kindConditions(def: KindDef, ctx: HasAuth): Sql[] {
  const conds = [
    def.agent ? sql`l.agent_id IS NOT NULL` : sql`l.agent_id IS NULL`,
    def.ball ? sql`l.number IS NOT NULL` : sql`l.number IS NULL`,
  ];
  if (def.agent) conds.push(...agentsWatched(ctx, sql`ag`));
  return conds;
}

type LimitListQuery = (typeof saleLimitListQueries)[keyof typeof saleLimitListQueries];
type LimitSortKey = SortKey<LimitListQuery>;

/** Every sort key of any kind; a kind's list takes those of its own query's enum. */
const SORTABLE: Record<LimitSortKey, Sql> = {
  code: sql`l.code`,
  number: sql`l.number`,
  agent: sql`lower(${AGENT_NAME})`,
  // All draws (null) last.
  tirage: sql`lower(t.name)`,
  max_amount: sql`l.max_amount`,
  status: sql`l.status`,
  created_at: sql`l.created_at`,
  updated_at: sql`l.updated_at`,
};

/** The list of GET <kind path>: the caller's company, this kind, the filters. */
export function limitList(
  def: KindDef,
  ctx: HasAuth,
  q: z.output<LimitListQuery>,
): ListSource<typeof limitRow, LimitSortKey> {
  const where = companyWhere(ctx, sql`l.company_id`);
  if (q.code !== undefined) where.push(sql`l.code = ${q.code}`);
  if (q.tirage_id) where.push(sql`l.tirage_id = ${q.tirage_id}`);
  if (q.agent_id) where.push(sql`l.agent_id = ${q.agent_id}`);
  if (q.status) where.push(sql`l.status = ${q.status}`);
  const keys: readonly LimitSortKey[] = saleLimitListQueries[def.kind].shape.sort.unwrap().options;
  return {
    row: limitRow,
    select: LIMIT_COLUMNS,
    from: LIMIT_FROM,
    where: [...where, ...kindConditions(def, ctx)],
    sortable: Object.fromEntries(keys.map((k) => [k, SORTABLE[k]])) as Record<LimitSortKey, Sql>,
    search: def.agent ? [sql`l.number`, sql`ag.username`, sql`ag.first_name || ' ' || ag.last_name`] : [sql`l.number`],
    tieBreaker: sql`l.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: LimitRow): SaleLimit => r;

/** One limit of this kind that the caller sees, of `companyId` (any when null); 404 otherwise. */
export async function getLimit(
  raw: RawClient,
  ctx: HasAuth,
  def: KindDef,
  companyId: number | null,
  id: number,
): Promise<SaleLimit> {
  const conds = [sql`l.id = ${id}`, ...kindConditions(def, ctx)];
  if (companyId !== null) conds.push(sql`l.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    limitRow,
    sql`SELECT ${LIMIT_COLUMNS} ${LIMIT_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return withoutCompany(orNotFound(row, 'Limite introuvable.'));
}

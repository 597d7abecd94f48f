import { type Collection, collection, type collectionListQuery } from '@borlette/shared/contracts/collections';
import type { SortKey } from '@borlette/shared/contracts/list';
import { money } from '@borlette/shared/contracts/money';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, oneRow, rawSql, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import { type ListSource, sourceWhere } from '../_lib/list';
import { type Period, tenantWhere, watchedBy } from '../_lib/report-scope';
import { agentsWatched } from '../_lib/scope';

type Query = z.output<typeof collectionListQuery>;

const NAME = (u: string) => `coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.username)`;

/**
 * A collection is a `collection` ledger entry (amount −collected); its reversal, if any, the entry
 * that reverses it (reverses_id: unique, so at most one).
 */
const COLUMNS = sql`${rawSql(`
  w.id, w.agent_id, ${NAME('u')} AS agent_name, u.username AS agent_username, x.name AS surcussale_name,
  CASE WHEN sv.id IS NULL THEN NULL ELSE ${NAME('sv')} END AS supervisor_name,
  -w.amount AS amount, w.note, (SELECT ${NAME('p')} FROM users p WHERE p.id = w.actor_id) AS actor_name,
  to_char(w.business_date, 'YYYY-MM-DD') AS business_date`)}, ${isoTime(sql`w.at`)} AS at,
  co.currency, co.name AS company_name, co.timezone,
  (SELECT coalesce(sum(d.total), 0)::bigint FROM wallet_agent_day d
    WHERE d.company_id = w.company_id AND d.agent_id = w.agent_id) AS agent_balance,
  (SELECT jsonb_build_object('id', r.id, 'at', ${isoTime(sql`r.at`)}, 'reason', r.note,
                             'actor_name', (SELECT ${rawSql(NAME('p'))} FROM users p WHERE p.id = r.actor_id))
     FROM wallet_entries r WHERE r.company_id = w.company_id AND r.reverses_id = w.id) AS reversal`;

const FROM = sql`FROM wallet_entries w JOIN users u ON u.id = w.agent_id
  JOIN companies co ON co.id = w.company_id
  LEFT JOIN surcussales x ON x.id = u.surcussale_id
  LEFT JOIN users sv ON sv.id = u.supervisor_id`;

/** The list: the period's collections of the request's companies and the agents it may see. */
export function collectionList(
  ctx: HasAuth,
  q: Query,
  period: Period,
): ListSource<typeof collection, SortKey<typeof collectionListQuery>> {
  const where = [
    ...tenantWhere(ctx, sql`w.company_id`),
    ...agentsWatched(ctx, sql`u`),
    sql`w.kind = 'collection'`,
    sql`w.business_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (q.agent_id) where.push(sql`w.agent_id = ${q.agent_id}`);
  if (q.supervisor_id) where.push(watchedBy(sql`u`, sql`${q.supervisor_id}::bigint`));
  return {
    row: collection,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: { at: sql`w.at`, amount: sql`-w.amount`, agent: rawSql(`lower(${NAME('u')})`) },
    search: [sql`u.username`, sql`u.first_name`, sql`u.last_name`, sql`w.note`],
    tieBreaker: sql`w.id`,
  };
}

/** Collected over the list's rows, net of their reversals. */
export async function collectionTotal(raw: RawClient, list: ListSource<typeof collection>, q: Query) {
  const row = await oneRow(
    raw,
    z.object({ total: money }),
    sql`SELECT coalesce(sum(-w.amount) FILTER (WHERE NOT EXISTS (
                 SELECT 1 FROM wallet_entries r WHERE r.company_id = w.company_id AND r.reverses_id = w.id)), 0)::bigint AS total
          ${list.from} ${sourceWhere(list, q)}`,
  );
  return row.total;
}

/** One collection of the company, seen through the caller's scope (404 otherwise). */
export async function loadCollection(raw: RawClient, ctx: HasAuth, companyId: number, id: number): Promise<Collection> {
  const row = await firstRow(
    raw,
    collection,
    sql`SELECT ${COLUMNS} ${FROM} ${whereSql([
      sql`w.company_id = ${companyId}`,
      sql`w.id = ${id}`,
      sql`w.kind = 'collection'`,
      ...agentsWatched(ctx, sql`u`),
    ])}`,
  );
  if (!row) throw notFound('Collecte introuvable.');
  return row;
}

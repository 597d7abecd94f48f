import { type IntervalMa, intervalMa, type intervalMaListQuery } from '@borlette/shared/contracts/interval-ma';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound } from '../_lib/scope';

/** An interval as the API answers it, plus its company (stripped before answering). */
export const intervalRow = intervalMa.extend({ company_id: z.number() });
type IntervalRow = z.output<typeof intervalRow>;

const INTERVAL_COLUMNS = sql`
  i.id, i.company_id, i.min_amount, i.max_amount, i.count, i.status,
  ${isoTime(sql`i.created_at`)} AS created_at, ${isoTime(sql`i.updated_at`)} AS updated_at`;
const INTERVAL_FROM = sql`FROM interval_mas i`;

type Filters = z.output<typeof intervalMaListQuery>;

/** The list of GET /api/companies/list-interval-ma: the caller's company, the status filter. */
export function intervalList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof intervalRow, SortKey<typeof intervalMaListQuery>> {
  const where = companyWhere(ctx, sql`i.company_id`);
  if (q.status) where.push(sql`i.status = ${q.status}`);
  return {
    row: intervalRow,
    select: INTERVAL_COLUMNS,
    from: INTERVAL_FROM,
    where,
    sortable: {
      min_amount: sql`i.min_amount`,
      max_amount: sql`i.max_amount`,
      count: sql`i.count`,
      status: sql`i.status`,
      created_at: sql`i.created_at`,
      updated_at: sql`i.updated_at`,
    },
    search: [],
    tieBreaker: sql`i.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: IntervalRow): IntervalMa => r;

/** One interval of `companyId` (any when null), 404 otherwise. */
export async function getInterval(raw: RawClient, companyId: number | null, id: number): Promise<IntervalMa> {
  const conds = [sql`i.id = ${id}`];
  if (companyId !== null) conds.push(sql`i.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    intervalRow,
    sql`SELECT ${INTERVAL_COLUMNS} ${INTERVAL_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return withoutCompany(orNotFound(row, 'Intervalle introuvable.'));
}

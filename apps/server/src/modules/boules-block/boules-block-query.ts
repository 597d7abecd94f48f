import { type BouleBlock, bouleBlock, type bouleBlockListQuery } from '@borlette/shared/contracts/boules-block';
import type { SortKey } from '@borlette/shared/contracts/list';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound } from '../_lib/scope';

/** A block as the API answers it, plus its company (stripped before answering). */
export const blockRow = bouleBlock.extend({ company_id: z.number() });
type BlockRow = z.output<typeof blockRow>;

const BLOCK_COLUMNS = sql`
  b.id, b.company_id, b.number,
  CASE WHEN b.number LIKE '%*%' THEN 'mariage' WHEN length(b.number) = 2 THEN 'boule'
       ELSE 'loto' || length(b.number) END AS kind,
  b.tirage_id, t.name AS tirage_name, b.active AS blocked, b.note,
  ${isoTime(sql`b.created_at`)} AS created_at, ${isoTime(sql`b.updated_at`)} AS updated_at`;
const BLOCK_FROM = sql`FROM boule_blocks b LEFT JOIN tirages t ON t.id = b.tirage_id`;

type Filters = z.output<typeof bouleBlockListQuery>;

/** The list of GET /api/companies/boules-block: the caller's company, the filters. */
export function blockList(ctx: HasAuth, q: Filters): ListSource<typeof blockRow, SortKey<typeof bouleBlockListQuery>> {
  const where = companyWhere(ctx, sql`b.company_id`);
  if (q.tirage_id) where.push(sql`b.tirage_id = ${q.tirage_id}`);
  if (q.blocked) where.push(q.blocked === 'true' ? sql`b.active` : sql`NOT b.active`);
  return {
    row: blockRow,
    select: BLOCK_COLUMNS,
    from: BLOCK_FROM,
    where,
    sortable: {
      number: sql`b.number`,
      // All draws (null) last.
      tirage: sql`lower(t.name)`,
      blocked: sql`b.active`,
      created_at: sql`b.created_at`,
      updated_at: sql`b.updated_at`,
    },
    search: [sql`b.number`, sql`b.note`],
    tieBreaker: sql`b.id`,
  };
}

export const withoutCompany = ({ company_id, ...r }: BlockRow): BouleBlock => r;

/** One block of `companyId` (any when null), 404 otherwise. */
export async function getBlock(raw: RawClient, companyId: number | null, id: number): Promise<BouleBlock> {
  const conds = [sql`b.id = ${id}`];
  if (companyId !== null) conds.push(sql`b.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    blockRow,
    sql`SELECT ${BLOCK_COLUMNS} ${BLOCK_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return withoutCompany(orNotFound(row, 'Blocage introuvable.'));
}

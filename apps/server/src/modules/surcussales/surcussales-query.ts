import type { SortKey } from '@borlette/shared/contracts/list';
import { surcussale, type surcussaleListQuery } from '@borlette/shared/contracts/surcussales';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound, surcussalesWatched } from '../_lib/scope';

/** A sub-branch as the API answers it, plus its company (for the writes' checks; stripped before answering). */
export const surcussaleRow = surcussale.extend({ company_id: z.number() });
type SurcussaleRow = z.output<typeof surcussaleRow>;

const COLUMNS = sql`
  s.id, s.company_id, s.name, s.address, s.phone, s.city_id, ci.name AS city_name, s.status,
  ${isoTime(sql`s.created_at`)} AS created_at,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.id)
              FROM supervisor_surcussales ss JOIN users u ON u.id = ss.supervisor_id
             WHERE ss.company_id = s.company_id AND ss.surcussale_id = s.id AND u.status <> 'archived'), '[]'::json) AS supervisors,
  (SELECT count(*)::int FROM users a WHERE a.company_id = s.company_id AND a.surcussale_id = s.id
      AND a.role = 'agent' AND a.status <> 'archived') AS agents_count`;
const FROM = sql`FROM surcussales s LEFT JOIN cities ci ON ci.id = s.city_id`;

type Filters = z.output<typeof surcussaleListQuery>;

/** The list of GET /api/companies/list-surcussale: the caller's company, a supervisor's own sub-branches. */
export function surcussaleList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof surcussaleRow, SortKey<typeof surcussaleListQuery>> {
  const where = [...companyWhere(ctx, sql`s.company_id`), ...surcussalesWatched(ctx, sql`s.id`)];
  if (q.status) where.push(sql`s.status = ${q.status}`);
  if (q.city_id) where.push(sql`s.city_id = ${q.city_id}`);
  return {
    row: surcussaleRow,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: { name: sql`s.name`, city: sql`ci.name`, status: sql`s.status`, created_at: sql`s.created_at` },
    search: [sql`s.name`, sql`s.address`, sql`s.phone`, sql`ci.name`],
    tieBreaker: sql`s.id`,
  };
}

/** One sub-branch of `companyId` (any company when null), 404 otherwise. */
export function getSurcussale(raw: RawClient, companyId: number | null, id: number): Promise<SurcussaleRow> {
  return findSurcussale(raw, companyId, id, []);
}

/** One sub-branch of `companyId` that the caller sees (a supervisor: one it watches), 404 otherwise. */
export function getVisibleSurcussale(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number | null,
  id: number,
): Promise<SurcussaleRow> {
  return findSurcussale(raw, companyId, id, surcussalesWatched(ctx, sql`s.id`));
}

async function findSurcussale(raw: RawClient, companyId: number | null, id: number, visible: Sql[]) {
  const conds = [sql`s.id = ${id}`, ...visible];
  if (companyId !== null) conds.push(sql`s.company_id = ${companyId}`);
  const row = await firstRow(raw, surcussaleRow, sql`SELECT ${COLUMNS} ${FROM} WHERE ${joinSql(conds, ' AND ')}`);
  return orNotFound(row, 'Succursale introuvable.');
}

/** The sub-branch as the API answers it (without its company). */
export const withoutCompany = ({ company_id, ...r }: SurcussaleRow): z.output<typeof surcussale> => r;

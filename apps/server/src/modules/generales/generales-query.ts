import { generale, type generaleListQuery } from '@borlette/shared/contracts/generales';
import type { SortKey } from '@borlette/shared/contracts/list';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rawSql, sql } from '../../db/sql';
import type { ListSource } from '../_lib/list';
import { orNotFound } from '../_lib/scope';
import { sortable } from '../countries/countries.service';

const COLUMNS = sql`
  u.id, u.username, u.first_name, u.last_name, u.phone, u.email, u.status,
  coalesce((SELECT array_agg(p.codename ORDER BY p.codename) FROM user_permissions p WHERE p.user_id = u.id), '{}') AS permissions,
  (SELECT ${isoTime(sql`max(s.created_at)`)} FROM sessions s WHERE s.user_id = u.id) AS last_login_at,
  ${isoTime(sql`u.created_at`)} AS created_at`;
const FROM = sql`FROM users u`;
/** Platform staff: superusers without full access (the root accounts are not managed here). */
const STAFF = sql`u.role = 'superuser' AND u.full_access = false`;

type Filters = z.output<typeof generaleListQuery>;

/** The list of GET /api/generals/generales; archived accounts only when asked for. */
export function generaleList(q: Filters): ListSource<typeof generale, SortKey<typeof generaleListQuery>> {
  return {
    row: generale,
    select: COLUMNS,
    from: FROM,
    where: [STAFF, q.status ? sql`u.status = ${q.status}` : sql`u.status <> 'archived'`],
    sortable: {
      username: sql`lower(u.username)`,
      name: rawSql(sortable("u.last_name || ' ' || u.first_name")),
      status: sql`u.status`,
      last_login_at: sql`last_login_at`,
      created_at: sql`u.created_at`,
    },
    search: [sql`u.username`, sql`u.first_name`, sql`u.last_name`, sql`u.email`, sql`u.phone`],
    tieBreaker: sql`u.id`,
  };
}

export async function getGenerale(raw: RawClient, id: number): Promise<z.output<typeof generale>> {
  const row = await firstRow(raw, generale, sql`SELECT ${COLUMNS} ${FROM} WHERE ${STAFF} AND u.id = ${id}`);
  return orNotFound(row, 'Compte introuvable.');
}

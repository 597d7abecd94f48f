import { COMPANY_CODENAMES } from '@borlette/shared';
import type { SortKey } from '@borlette/shared/contracts/list';
import {
  supervisor,
  type supervisorListQuery,
  supervisorOptions as supervisorOptionsBody,
} from '@borlette/shared/contracts/supervisors';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rows, type Sql, sql } from '../../db/sql';
import { authOf, type HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { supervisorActor } from '../_lib/people-query';
import { companyWhere, orNotFound } from '../_lib/scope';

/** A supervisor as the API answers it, plus its company (stripped before answering). */
export const supervisorRow = supervisor.extend({ company_id: z.number() });
export type SupervisorRow = z.output<typeof supervisorRow>;

const COLUMNS = sql`
  u.id, u.company_id, u.username, u.first_name, u.last_name, u.phone, u.email, u.photo, u.status,
  coalesce((SELECT array_agg(p.codename ORDER BY p.codename) FROM user_permissions p WHERE p.user_id = u.id),
           '{}'::text[]) AS permissions,
  coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id)
              FROM supervisor_surcussales ss JOIN surcussales s ON s.id = ss.surcussale_id
             WHERE ss.company_id = u.company_id AND ss.supervisor_id = u.id), '[]'::json) AS surcussales,
  (SELECT count(*)::int FROM users a
    WHERE a.company_id = u.company_id AND a.role = 'agent' AND a.status <> 'archived'
      AND (a.supervisor_id = u.id
           OR a.surcussale_id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                   WHERE ss.company_id = u.company_id AND ss.supervisor_id = u.id))) AS agents_count,
  u.commission_bp,
  ${isoTime(sql`u.created_at`)} AS created_at`;
const FROM = sql`FROM users u`;

export const stripSupervisor = ({ company_id, ...r }: SupervisorRow): z.output<typeof supervisor> => r;

/** A supervisor, seen by a supervisor: only itself. */
function supervisorsSeen(ctx: HasAuth, alias: Sql): Sql[] {
  const auth = authOf(ctx);
  return auth.role === 'supervisor' ? [sql`${alias}.id = ${auth.userId}`] : [];
}

type Filters = z.output<typeof supervisorListQuery>;

/** The list of GET /api/companies/list-supervisor. */
export function supervisorList(
  ctx: HasAuth,
  q: Filters,
): ListSource<typeof supervisorRow, SortKey<typeof supervisorListQuery>> {
  const where = [...companyWhere(ctx, sql`u.company_id`), sql`u.role = 'supervisor'`, ...supervisorsSeen(ctx, sql`u`)];
  where.push(q.status ? sql`u.status = ${q.status}` : sql`u.status <> 'archived'`);
  if (q.surcussale_id) {
    where.push(
      sql`EXISTS (SELECT 1 FROM supervisor_surcussales f WHERE f.company_id = u.company_id AND f.supervisor_id = u.id AND f.surcussale_id = ${q.surcussale_id})`,
    );
  }
  return {
    row: supervisorRow,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      name: sql`lower(u.first_name || ' ' || u.last_name)`,
      username: sql`lower(u.username)`,
      status: sql`u.status`,
      created_at: sql`u.created_at`,
    },
    search: [
      sql`u.first_name`,
      sql`u.last_name`,
      sql`u.first_name || ' ' || u.last_name`,
      sql`u.username`,
      sql`u.phone`,
      sql`u.email`,
    ],
    tieBreaker: sql`u.id`,
  };
}

/** One supervisor of the company (404 otherwise); `scoped`: as the caller sees it (a supervisor: itself). */
export async function getSupervisor(
  raw: RawClient,
  ctx: HasAuth,
  companyId: number | null,
  id: number,
  scoped = true,
): Promise<SupervisorRow> {
  const conds = [sql`u.id = ${id}`, sql`u.role = 'supervisor'`];
  if (scoped) conds.push(...supervisorsSeen(ctx, sql`u`));
  if (companyId !== null) conds.push(sql`u.company_id = ${companyId}`);
  const row = await firstRow(raw, supervisorRow, sql`SELECT ${COLUMNS} ${FROM} WHERE ${joinSql(conds, ' AND ')}`);
  return orNotFound(row, 'Superviseur introuvable.');
}

/** Choices of the supervisor form: the company's sub-branches and what this user may grant. */
export async function supervisorOptions(raw: RawClient, ctx: HasAuth, companyId: number) {
  const me = supervisorActor(ctx)?.userId ?? null;
  const surcussales = await rows(
    raw,
    supervisorOptionsBody.shape.surcussales.element,
    sql`SELECT s.id, s.name, s.status FROM surcussales s
         WHERE s.company_id = ${companyId}
           AND (${me}::bigint IS NULL OR s.id IN (SELECT ss.surcussale_id FROM supervisor_surcussales ss
                                                   WHERE ss.company_id = ${companyId} AND ss.supervisor_id = ${me}::bigint))
         ORDER BY lower(s.name), s.id`,
  );
  // What this user may grant: what it holds (the admin: every company codename).
  const mine = authOf(ctx).permissions;
  const permissions = COMPANY_CODENAMES.filter((c) => mine.has(c));
  return { surcussales, permissions };
}

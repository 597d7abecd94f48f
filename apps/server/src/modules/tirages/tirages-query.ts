import type { SortKey } from '@borlette/shared/contracts/list';
import {
  type DrawSource,
  drawSource,
  TIRAGE_CLOSED_REASONS,
  type Tirage,
  tirage,
  type tirageListQuery,
} from '@borlette/shared/contracts/tirages';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, joinSql, rows, type Sql, sql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { ListSource } from '../_lib/list';
import { companyWhere, orNotFound } from '../_lib/scope';

const hhmm = (col: Sql) => sql`to_char(${col}, 'HH24:MI')`;

/**
 * The official draw time today in the company's zone ('HH:MM'); the close time of a draw of its own.
 * « today » is the company's business date.
 */
const DRAW_TIME = sql`CASE WHEN s.id IS NULL THEN ${hhmm(sql`t.close_time`)}
  ELSE ${hhmm(sql`((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone) AT TIME ZONE c.timezone)`)} END`;

/**
 * The display columns of a draw. `period` restricts `last_result` to a range of draw dates
 * (conditions on `i.draw_date`).
 */
function tirageColumns(period: Sql[] = []): Sql {
  const within = period.length ? sql` AND ${joinSql(period, ' AND ')}` : sql``;
  return sql`
  t.id, t.company_id, t.name, t.source_id, s.name AS source_name, t.days::int[] AS days,
  ${hhmm(sql`t.open_time`)} AS open_time, ${hhmm(sql`t.close_time`)} AS close_time, t.mode, t.status,
  ${DRAW_TIME} AS draw_time,
  (SELECT json_build_object('is_open', st.is_open, 'reason', st.reason) FROM borlette_tirage_state(t.id) st) AS state,
  (SELECT json_build_object('draw_date', to_char(i.draw_date, 'YYYY-MM-DD'), 'pick3', i.pick3, 'pick4', i.pick4,
                            'lot1', i.lot1, 'lot2', i.lot2, 'lot3', i.lot3)
     FROM info_tirages i
    WHERE i.company_id = t.company_id AND i.tirage_id = t.id${within}
    ORDER BY i.draw_date DESC LIMIT 1) AS last_result,
  ${isoTime(sql`t.created_at`)} AS created_at`;
}

const TIRAGE_FROM = sql`FROM tirages t
  JOIN companies c ON c.id = t.company_id
  LEFT JOIN draw_sources s ON s.id = t.source_id`;

/** A draw as stored: its state as one json column, its company (dropped before answering). */
export const tirageRow = tirage.omit({ is_open: true, closed_reason: true }).extend({
  company_id: z.number(),
  state: z.object({ is_open: z.boolean(), reason: z.enum(TIRAGE_CLOSED_REASONS).nullable() }).nullable(),
});
type TirageRow = z.output<typeof tirageRow>;

/** The API shape: the state split into is_open / closed_reason, the company id dropped. */
export function toTirage({ company_id, state, ...r }: TirageRow): Tirage {
  return { ...r, is_open: state?.is_open ?? false, closed_reason: state?.reason ?? null };
}

type Filters = z.output<typeof tirageListQuery>;

/** The list of GET /api/companies/list-tirage: the caller's company; `last_result` within the period. */
export function tirageList(ctx: HasAuth, q: Filters): ListSource<typeof tirageRow, SortKey<typeof tirageListQuery>> {
  const where = companyWhere(ctx, sql`t.company_id`);
  if (q.status) where.push(sql`t.status = ${q.status}`);
  if (q.mode) where.push(sql`t.mode = ${q.mode}`);
  if (q.source_id) where.push(sql`t.source_id = ${q.source_id}`);
  const period: Sql[] = [];
  if (q.start_date) period.push(sql`i.draw_date >= ${q.start_date}::date`);
  if (q.end_date) period.push(sql`i.draw_date <= ${q.end_date}::date`);
  return {
    row: tirageRow,
    select: tirageColumns(period),
    from: TIRAGE_FROM,
    where,
    sortable: {
      name: sql`lower(t.name)`,
      source: sql`lower(s.name)`,
      close_time: sql`t.close_time`,
      mode: sql`t.mode`,
      status: sql`t.status`,
      created_at: sql`t.created_at`,
    },
    search: [sql`t.name`, sql`s.name`],
    tieBreaker: sql`t.id`,
  };
}

export async function getTirage(raw: RawClient, companyId: number | null, id: number): Promise<Tirage> {
  const conds = [sql`t.id = ${id}`];
  if (companyId !== null) conds.push(sql`t.company_id = ${companyId}`);
  const row = await firstRow(
    raw,
    tirageRow,
    sql`SELECT ${tirageColumns()} ${TIRAGE_FROM} WHERE ${joinSql(conds, ' AND ')}`,
  );
  return toTirage(orNotFound(row, 'Tirage introuvable.'));
}

/** The official sessions, with their time today in the company's zone (none with « Toutes »). */
export async function listDrawSources(raw: RawClient, companyId: number | null): Promise<DrawSource[]> {
  return rows(
    raw,
    drawSource,
    sql`SELECT s.id, s.state, s.state_name, s.session, s.name, s.timezone, to_char(s.draw_time, 'HH24:MI') AS draw_time,
            s.days::int[] AS days,
            CASE WHEN c.id IS NULL THEN NULL ELSE
              to_char(((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone)
                        AT TIME ZONE c.timezone), 'HH24:MI') END AS local_draw_time,
            cs.sales_close_minutes
       FROM draw_sources s
       LEFT JOIN companies c ON c.id = ${companyId}::bigint
       LEFT JOIN company_settings cs ON cs.company_id = c.id
      ORDER BY s.state, s.draw_time, s.id`,
  );
}

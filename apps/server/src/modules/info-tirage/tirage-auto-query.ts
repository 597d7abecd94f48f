import { type DrawResult, drawResult, type tirageAutoListQuery } from '@borlette/shared/contracts/info-tirage';
import type { SortKey } from '@borlette/shared/contracts/list';
import { lotsFromResult } from '@borlette/shared/game/lots';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, sql } from '../../db/sql';
import type { ListSource } from '../_lib/list';
import { orNotFound } from '../_lib/scope';

/** The reads of the platform's results (see tirage-auto.service.ts). */

const DRAW_RESULT_COLUMNS = sql`
  dr.id, dr.source_id, s.name AS source_name, s.state, s.session, to_char(dr.draw_date, 'YYYY-MM-DD') AS draw_date,
  dr.pick3, dr.pick4, dr.version, ${isoTime(sql`dr.published_at`)} AS published_at, ${isoTime(sql`dr.updated_at`)} AS updated_at,
  (SELECT count(*)::int FROM tirages t
     JOIN info_tirages i ON i.company_id = t.company_id AND i.tirage_id = t.id AND i.draw_date = dr.draw_date
    WHERE t.source_id = dr.source_id AND i.pick3 = dr.pick3 AND i.pick4 = dr.pick4) AS companies`;
const DRAW_RESULT_FROM = sql`FROM draw_results dr JOIN draw_sources s ON s.id = dr.source_id`;

/** A platform result as stored: its lots are derived (toDrawResult). */
export const drawResultRow = drawResult.omit({ lot1: true, lot2: true, lot3: true });
type DrawResultRow = z.output<typeof drawResultRow>;

export function toDrawResult(r: DrawResultRow): DrawResult {
  const { lot1, lot2, lot3 } = lotsFromResult(r);
  return { ...r, lot1, lot2, lot3 };
}

type Filters = z.output<typeof tirageAutoListQuery>;

/** The list of GET /api/generals/tirage-auto: a source, a period. */
export function drawResultList(q: Filters): ListSource<typeof drawResultRow, SortKey<typeof tirageAutoListQuery>> {
  const where = [];
  if (q.source_id) where.push(sql`dr.source_id = ${q.source_id}`);
  if (q.start_date) where.push(sql`dr.draw_date >= ${q.start_date}::date`);
  if (q.end_date) where.push(sql`dr.draw_date <= ${q.end_date}::date`);
  return {
    row: drawResultRow,
    select: DRAW_RESULT_COLUMNS,
    from: DRAW_RESULT_FROM,
    where,
    sortable: { draw_date: sql`dr.draw_date`, source: sql`lower(s.name)`, updated_at: sql`dr.updated_at` },
    search: [sql`s.name`, sql`s.state`, sql`dr.pick3`, sql`dr.pick4`],
    tieBreaker: sql`dr.id`,
  };
}

export async function getDrawResult(raw: RawClient, id: number): Promise<DrawResult> {
  const row = await firstRow(
    raw,
    drawResultRow,
    sql`SELECT ${DRAW_RESULT_COLUMNS} ${DRAW_RESULT_FROM} WHERE dr.id = ${id}`,
  );
  return toDrawResult(orNotFound(row, 'Résultat introuvable.'));
}

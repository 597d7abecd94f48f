import type { Tirage, TirageClosedReason } from '@borlette/shared/contracts/tirages';
import type { RawClient } from '../../db/client';
import { orNotFound } from '../_lib/scope';
import { SqlParams } from '../_lib/sql';

export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const hhmm = (col: string) => `to_char(${col}, 'HH24:MI')`;

/**
 * The official draw time today in the company's zone ('HH:MM'); the close time of a draw of its own.
 * « today » is the company's business date.
 */
const DRAW_TIME = `CASE WHEN s.id IS NULL THEN ${hhmm('t.close_time')}
  ELSE ${hhmm(`((((now() AT TIME ZONE c.timezone)::date + s.draw_time) AT TIME ZONE s.timezone) AT TIME ZONE c.timezone)`)} END`;

/**
 * The display columns of a draw. `period` restricts `last_result` to a range of draw dates
 * (SQL conditions on `i.draw_date`, already parameterised).
 */
export function tirageColumns(period: string[] = []): string {
  const within = period.length ? ` AND ${period.join(' AND ')}` : '';
  return `
  t.id, t.company_id, t.name, t.source_id, s.name AS source_name, t.days::int[] AS days,
  ${hhmm('t.open_time')} AS open_time, ${hhmm('t.close_time')} AS close_time, t.mode, t.status,
  ${DRAW_TIME} AS draw_time,
  (SELECT json_build_object('is_open', st.is_open, 'reason', st.reason) FROM borlette_tirage_state(t.id) st) AS state,
  (SELECT json_build_object('draw_date', to_char(i.draw_date, 'YYYY-MM-DD'), 'pick3', i.pick3, 'pick4', i.pick4,
                            'lot1', i.lot1, 'lot2', i.lot2, 'lot3', i.lot3)
     FROM info_tirages i
    WHERE i.company_id = t.company_id AND i.tirage_id = t.id${within}
    ORDER BY i.draw_date DESC LIMIT 1) AS last_result,
  ${iso('t.created_at')} AS created_at`;
}

export const TIRAGE_FROM = `FROM tirages t
  JOIN companies c ON c.id = t.company_id
  LEFT JOIN draw_sources s ON s.id = t.source_id`;

export type TirageRow = Omit<Tirage, 'is_open' | 'closed_reason'> & {
  company_id: number;
  state: { is_open: boolean; reason: TirageClosedReason | null } | null;
};

/** The API shape: the state split into is_open / closed_reason, the company id dropped. */
export function toTirage({ company_id, state, ...r }: TirageRow): Tirage {
  return { ...r, is_open: state?.is_open ?? false, closed_reason: state?.reason ?? null };
}

export async function getTirage(raw: RawClient, companyId: number | null, id: number): Promise<Tirage> {
  const params = new SqlParams();
  const conds = [`t.id = ${params.p(id)}`];
  if (companyId !== null) conds.push(`t.company_id = ${params.p(companyId)}`);
  const [row] = await raw.query<TirageRow>(
    `SELECT ${tirageColumns()} ${TIRAGE_FROM} WHERE ${conds.join(' AND ')}`,
    params.values,
  );
  return toTirage(orNotFound(row, 'Tirage introuvable.'));
}

import { centimesCell } from '@borlette/shared/contracts/money';
import { type LotGagnant, lotGagnantRow } from '@borlette/shared/contracts/statistics';
import type { RawClient } from '../../db/client';
import { joinSql, rows, sql, whereSql } from '../../db/sql';
import type { HasAuth } from '../../http/auth';
import type { CsvColumn } from '../_lib/list';
import { type Period, type ReportFilterValues, tenantWhere, visibleAgentWhere } from '../_lib/report-scope';

export type LotGagnantRow = LotGagnant['rows'][number];

/**
 * The winning lots of each draw and date of the period (the results in force, `info_tirages`) with
 * what they did to the tickets sold for that draw and date (the draw summaries, the sale day being the
 * draw date): tickets (not cancelled or deleted), winning tickets and their winnings. The sub-branch,
 * agent and supervisor filters limit the tickets counted, never the lots. Each row is one company's
 * draw: its winnings in that company's currency (the row says which; « Toutes » lists every company).
 */
export async function lotGagnantRows(
  raw: RawClient,
  ctx: HasAuth,
  q: ReportFilterValues,
  period: Period,
): Promise<LotGagnantRow[]> {
  const where = [
    ...tenantWhere(ctx, sql`i.company_id`),
    sql`i.draw_date BETWEEN ${period.start}::date AND ${period.end}::date`,
  ];
  if (q.tirage_id) where.push(sql`i.tirage_id = ${q.tirage_id}`);
  const inner = [sql`s.company_id = i.company_id`, sql`s.business_date = i.draw_date`, sql`s.tirage_id = i.tirage_id`];
  if (q.surcussale_id) inner.push(sql`s.surcussale_id = ${q.surcussale_id}`);
  if (q.agent_id) inner.push(sql`s.agent_id = ${q.agent_id}`);
  inner.push(...visibleAgentWhere(ctx, sql`s.agent_id`));
  return rows(
    raw,
    lotGagnantRow,
    sql`SELECT i.tirage_id, t.name AS tirage_name, to_char(i.draw_date, 'YYYY-MM-DD') AS draw_date,
            i.pick3, i.pick4, i.lot1, i.lot2, i.lot3,
            coalesce(x.tickets, 0)::int AS tickets, coalesce(x.winners, 0)::int AS winners,
            coalesce(x.wins, 0)::bigint AS wins, c.currency
       FROM info_tirages i
       JOIN tirages t ON t.id = i.tirage_id
       JOIN companies c ON c.id = i.company_id
       LEFT JOIN LATERAL (
         SELECT sum(s.tickets) AS tickets, sum(s.winners) AS winners, sum(s.wins) AS wins
           FROM stats_agent_draw_day s WHERE ${joinSql(inner, ' AND ')}
       ) x ON true
      ${whereSql(where)}
      ORDER BY i.draw_date DESC, lower(t.name), i.tirage_id`,
  );
}

export const lotGagnantCsv: CsvColumn<LotGagnantRow>[] = [
  { header: 'Date', value: (r) => r.draw_date },
  { header: 'Tirage', value: (r) => r.tirage_name },
  { header: 'Pick 3', value: (r) => r.pick3 },
  { header: 'Pick 4', value: (r) => r.pick4 },
  { header: '1er lot', value: (r) => r.lot1 },
  { header: '2e lot', value: (r) => r.lot2 },
  { header: '3e lot', value: (r) => r.lot3 },
  { header: 'Fiches', value: (r) => r.tickets },
  { header: 'Gagnantes', value: (r) => r.winners },
  { header: 'Gains', value: (r) => centimesCell(r.wins) },
  { header: 'Devise', value: (r) => r.currency },
];

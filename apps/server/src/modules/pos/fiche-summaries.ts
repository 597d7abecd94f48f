import { type FicheSummary, ficheSummary } from '@borlette/shared/contracts/fiches';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { isoTime, rows, sql } from '../../db/sql';

const summaryJson = z.object({ j: ficheSummary });

/**
 * Summaries of the given tickets of one company (issue 15, defect 5): the fields of
 * borlette_fiche_json (0011) less the lines, in one set-based statement (the draws of every ticket
 * aggregated at once) instead of one function call per ticket. A page's size and cost thus follow its
 * number of rows and draws (both under ceilings), never the lines its tickets hold. In the order of `ids`.
 * Keep the keys in step with borlette_fiche_json and contracts/fiches.ts `ficheSummary`.
 */
export async function ficheSummaries(raw: RawClient, companyId: number, ids: number[]): Promise<FicheSummary[]> {
  if (!ids.length) return [];
  const found = await rows(
    raw,
    summaryJson,
    sql`WITH page AS (SELECT id, k FROM unnest(${ids}::bigint[]) WITH ORDINALITY AS p(id, k)),
     d AS MATERIALIZED (
       SELECT ft.fiche_id,
              jsonb_agg(jsonb_build_object(
                'tirage_id', ft.tirage_id, 'name', t.name, 'draw_date', to_char(ft.draw_date, 'YYYY-MM-DD'),
                'amount', ft.amount, 'win_amount', ft.win_amount,
                'status', CASE WHEN f.status = 'cancelled' THEN 'annule'
                               WHEN f.status = 'deleted' THEN 'supprime'
                               WHEN i.id IS NULL THEN 'en_attente'
                               WHEN ft.win_amount > 0 THEN 'gagnant' ELSE 'perdant' END,
                'result', CASE WHEN i.id IS NULL THEN NULL ELSE jsonb_build_object(
                   'pick3', i.pick3, 'pick4', i.pick4, 'lot1', i.lot1, 'lot2', i.lot2, 'lot3', i.lot3) END,
                -- As borlette_fiche_json: an official session's time past without its result.
                'result_late', i.id IS NULL AND t.source_id IS NOT NULL AND f.status NOT IN ('cancelled', 'deleted')
                               AND borlette_draw_at(ft.tirage_id, ft.draw_date) <= now()
              ) ORDER BY t.name, ft.tirage_id) AS draws,
              bool_or(i.id IS NULL) AS pending
         FROM page p
         JOIN fiches f ON f.company_id = ${companyId} AND f.id = p.id
         JOIN fiche_tirages ft ON ft.company_id = f.company_id AND ft.fiche_id = f.id
         JOIN tirages t ON t.id = ft.tirage_id
         LEFT JOIN info_tirages i ON i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                                 AND i.draw_date = ft.draw_date
        GROUP BY ft.fiche_id)
     SELECT jsonb_build_object(
       'id', f.id, 'number', f.number, 'ref_code', f.ref_code,
       'verification_code', borlette_fiche_code(f.ref_code), 'sold_at', ${isoTime(sql`f.sold_at`)},
       'sale_date', to_char(f.sale_date, 'YYYY-MM-DD'),
       'status', borlette_status_label(f.status, f.paid_at IS NOT NULL, coalesce(d.pending, false), f.win_amount),
       'blocked', f.blocked, 'amount', f.amount, 'commission_amount', f.commission_amount,
       'win_amount', f.win_amount, 'paid_at', ${isoTime(sql`f.paid_at`)}, 'paid_amount', f.paid_amount,
       'expires_on', to_char(f.sale_date + cs.payout_validity_days, 'YYYY-MM-DD'),
       'cancel_until', ${isoTime(sql`(f.sold_at + make_interval(mins => cs.cancel_window_minutes))`)},
       'print_count', f.print_count, 'agent_id', f.agent_id, 'agent_name', trim(u.first_name || ' ' || u.last_name),
       'surcussale_name', s.name, 'company_name', c.name, 'company_logo', c.logo, 'currency', c.currency,
       'timezone', c.timezone, 'draws', coalesce(d.draws, '[]'::jsonb)) AS j
       FROM page p
       JOIN fiches f ON f.company_id = ${companyId} AND f.id = p.id
       JOIN companies c ON c.id = f.company_id
       JOIN company_settings cs ON cs.company_id = f.company_id
       JOIN users u ON u.id = f.agent_id
       LEFT JOIN surcussales s ON s.id = f.surcussale_id
       LEFT JOIN d ON d.fiche_id = f.id
      ORDER BY p.k`,
  );
  return found.map((r) => r.j);
}

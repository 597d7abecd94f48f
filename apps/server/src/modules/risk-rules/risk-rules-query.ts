import { money } from '@borlette/shared/contracts/money';
import {
  RISK_RULES_DEFAULTS,
  type RiskPreview,
  type RiskRulesView,
  riskPreviewRow,
  riskRulesView,
} from '@borlette/shared/contracts/risk-rules';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, rawSql, rows, sql } from '../../db/sql';
import { notFound } from '../../http/errors';

/** The columns of the settings, as the API names them (owned text, never a request's). */
export const RULE_COLUMNS = sql`${rawSql(`share_on, share_bp, share_floor, share_games, late_on, late_minutes,
  late_factor_bp, late_amount, date_on, date_block, date_amount, digit_on, digit_block, digit_amount, digits,
  pair_balls`)}, ${isoTime(sql`updated_at`)} AS updated_at`;

/** The company's rules; never saved: every rule off. */
export async function getRules(raw: RawClient, companyId: number): Promise<RiskRulesView> {
  const row = await firstRow(
    raw,
    riskRulesView,
    sql`SELECT ${RULE_COLUMNS} FROM risk_rules WHERE company_id = ${companyId}`,
  );
  return row ?? { ...RISK_RULES_DEFAULTS, updated_at: null };
}

const head = z.object({
  tirage_id: z.number(),
  tirage_name: z.string(),
  draw_date: z.string(),
  currency: z.string(),
  draw_sales: money,
  late: z.boolean(),
});

/** Numbers shown: at most this many, the closest to their limit first. */
const PREVIEW_ROWS = 500;

/**
 * What the rules change today on one draw of the company, computed by borlette_rule_cells, the function
 * the sale reads its limits from: the numbers sold on it, every bolet number and today's loto 4 and
 * mariage; shown where a rule sets a limit (a share limit only where something is sold).
 */
export async function previewRules(raw: RawClient, companyId: number, tirageId: number): Promise<RiskPreview> {
  const day = sql`(now() AT TIME ZONE c.timezone)::date`;
  const draw = await firstRow(
    raw,
    head,
    sql`SELECT t.id AS tirage_id, t.name AS tirage_name, to_char(${day}, 'YYYY-MM-DD') AS draw_date, c.currency,
               (SELECT coalesce(sum(s.sales), 0) FROM stats_agent_draw_day s
                 WHERE s.company_id = t.company_id AND s.business_date = ${day} AND s.tirage_id = t.id)::bigint AS draw_sales,
               coalesce((SELECT r.late_on AND now() >= CASE WHEN t.mode = 'auto' THEN st.closes_at
                                                           WHEN t.source_id IS NOT NULL THEN st.draw_at END
                                                      - make_interval(mins => r.late_minutes)
                           FROM risk_rules r, borlette_tirage_state(t.id) st WHERE r.company_id = t.company_id), false)
                 AS late
          FROM tirages t JOIN companies c ON c.id = t.company_id
         WHERE t.id = ${tirageId} AND t.company_id = ${companyId}`,
  );
  if (!draw) throw notFound('Tirage introuvable.');
  const found = await rows(
    raw,
    riskPreviewRow,
    sql`WITH d AS (SELECT ${draw.draw_date}::date AS d), cand AS (
          SELECT sc.code::int AS code, sc.number FROM sale_counters sc, d
           WHERE sc.company_id = ${companyId} AND sc.tirage_id = ${tirageId} AND sc.draw_date = d.d
             AND sc.agent_id = 0 AND sc.code <> 44 AND sc.amount > 0
          UNION SELECT 20, lpad(i::text, 2, '0') FROM generate_series(0, 99) i
          UNION SELECT o.code, to_char(d.d, 'DDMM') FROM d, (VALUES (41), (42), (43)) o(code)
          UNION SELECT 40, least(to_char(d.d, 'DD'), to_char(d.d, 'MM')) || '*' || greatest(to_char(d.d, 'DD'), to_char(d.d, 'MM'))
            FROM d WHERE to_char(d.d, 'DD') <> to_char(d.d, 'MM')
        )
        SELECT c.code, c.number, c.sold, c.manual, c.max_amount AS limit,
               greatest(c.max_amount - c.sold, 0) AS remaining, c.rule, c.max_amount = 0 AS blocked
          FROM d, (SELECT array_agg(code) AS codes, array_agg(number) AS numbers FROM cand) a,
               LATERAL borlette_rule_cells(${companyId}, d.d, ARRAY[${tirageId}::bigint], a.codes, a.numbers, 0) c
         WHERE c.sold > 0 OR c.rule <> 'share'
         ORDER BY c.max_amount - c.sold, c.code, c.number
         LIMIT ${PREVIEW_ROWS}`,
  );
  return { ...draw, rows: found };
}

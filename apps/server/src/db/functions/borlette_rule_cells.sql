-- The automatic limits (issue 22 §2) of the given numbers on the given draws of a company today: per
-- (draw, game, number), what is sold (the company-wide counter the limit check reads), the draw's sales
-- so far (less p_minus: the sale passes its own draw part, already in the summaries, so that its base is
-- the one the preview showed) and the limit the rules set (borlette_rule_limit). No row without rules
-- or where no rule applies. Read by the sale after its counters are written (their rows are then its
-- own, locked: the sums it compares are exact), by its live check and by the preview.
-- The draw's « close » for the last-minutes rule: its close time in auto mode, else its official draw
-- time (a forced-open draw of the company's own has none).
CREATE OR REPLACE FUNCTION borlette_rule_cells(p_company bigint, p_date date, p_tirages bigint[], p_codes int[],
  p_numbers text[], p_minus bigint DEFAULT 0)
RETURNS TABLE (tirage_id bigint, code int, number text, sold bigint, base bigint, manual bigint, late boolean,
               max_amount bigint, rule text)
LANGUAGE sql STABLE AS $$
  SELECT d.id, n.code, n.number,
         -- One counter by its whole key, per cell (as a join, the planner read the day's counters of every draw).
         coalesce((SELECT c.amount FROM sale_counters c
                    WHERE c.company_id = p_company AND c.tirage_id = d.id AND c.draw_date = p_date AND c.agent_id = 0
                      AND c.code = n.code AND c.number = n.number), 0)::bigint,
         d.base, m.max_amount, d.late, lim.max_amount, lim.rule
    FROM risk_rules r
   CROSS JOIN LATERAL (
     SELECT t.id,
            CASE WHEN r.share_on THEN
              (SELECT coalesce(sum(s.sales), 0) FROM stats_agent_draw_day s
                WHERE s.company_id = p_company AND s.business_date = p_date AND s.tirage_id = t.id)::bigint - p_minus
            END AS base,
            r.late_on AND now() >= CASE WHEN t.mode = 'auto' THEN st.closes_at WHEN t.source_id IS NOT NULL THEN st.draw_at END
                                   - make_interval(mins => r.late_minutes) AS late
       FROM unnest(p_tirages) u(id)
       JOIN tirages t ON t.id = u.id AND t.company_id = p_company
       LEFT JOIN LATERAL borlette_tirage_state(t.id) st ON true
      -- Kept as its own step (OFFSET 0): the draw's sum is read once per draw, not once per use.
     OFFSET 0
   ) d
   CROSS JOIN unnest(p_codes, p_numbers) AS n(code, number)
    LEFT JOIN LATERAL (
      -- The company-wide limit as borlette_add_counts picks it (most specific first).
      SELECT sl.max_amount FROM sale_limits sl
       WHERE sl.company_id = p_company AND coalesce(sl.agent_id, 0) = 0 AND sl.code = n.code
         AND (sl.number = n.number OR sl.number IS NULL) AND (sl.tirage_id = d.id OR sl.tirage_id IS NULL)
         AND sl.status = 'active'
       ORDER BY (sl.number IS NULL), (sl.tirage_id IS NULL)
       LIMIT 1
    ) m ON true
   CROSS JOIN LATERAL borlette_rule_limit(r, n.code, n.number, p_date, d.base, m.max_amount, d.late) lim
   WHERE r.company_id = p_company
$$;

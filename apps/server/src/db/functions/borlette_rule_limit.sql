-- The automatic limit of one number (issue 22 §2) under the company's rules r: the tightest rule that
-- applies, or no row. p_base: the draw's sales so far (null when the share rule is off); p_manual: the
-- company-wide limit of the back office for this number (null: none); p_late: inside the last minutes
-- before the draw closes. Only a limit tighter than p_manual is answered. A limit of 0 from a « block » rule is a block. Rules: 'date' (today's day,
-- month, day+month), 'digit', 'pair' (mariages of a ball), 'share' (of the draw's sales), 'late'
-- (the tightening, of the manual and automatic limits). Shared by the sale, its live check and the
-- preview (borlette_rule_cells), so the three say the same. Game numbers: bolet 20, mariage 40,
-- loto 3 30, loto 4 41-43, loto 5 51-53; free mariages (44) never count.
-- A SQL function with one SELECT: the planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION borlette_rule_limit(r risk_rules, p_code int, p_number text, p_date date,
  p_base bigint, p_manual bigint, p_late boolean)
RETURNS TABLE (max_amount bigint, rule text)
LANGUAGE sql STABLE AS $$
  SELECT e.max_amount, e.rule FROM (
  SELECT CASE WHEN t.late IS NOT NULL AND t.late < coalesce(t.lim, t.late + 1) THEN t.late ELSE t.lim END AS max_amount,
         CASE WHEN t.late IS NOT NULL AND t.late < coalesce(t.lim, t.late + 1) THEN 'late' ELSE t.rule END AS rule
    FROM (
      SELECT a.lim, a.rule,
             -- The tightening: the tightest limit in force (automatic or manual) × the factor, or the cap.
             CASE WHEN r.late_on AND coalesce(p_late, false) AND p_code <> 44 THEN
               CASE WHEN r.late_factor_bp IS NOT NULL
                    THEN least(a.lim, p_manual) * r.late_factor_bp / 10000
                    ELSE least(r.late_amount, a.lim, p_manual) END END AS late
        FROM (SELECT NULL) one
        LEFT JOIN LATERAL (
          SELECT v.lim, v.rule FROM (VALUES
            (1, 'date', CASE WHEN r.date_on AND (
                  (p_code = 20 AND p_number IN (to_char(p_date, 'DD'), to_char(p_date, 'MM')))
               OR (p_code = 40 AND (left(p_number, 2) IN (to_char(p_date, 'DD'), to_char(p_date, 'MM'))
                                 OR right(p_number, 2) IN (to_char(p_date, 'DD'), to_char(p_date, 'MM'))))
               OR (p_code BETWEEN 41 AND 43 AND p_number = to_char(p_date, 'DDMM')))
              THEN CASE WHEN r.date_block THEN 0 ELSE r.date_amount END END),
            (2, 'digit', CASE WHEN r.digit_on AND r.digits <> '' AND p_code <> 44
                               AND translate(p_number, r.digits, '') <> p_number
              THEN CASE WHEN r.digit_block THEN 0 ELSE r.digit_amount END END),
            (3, 'pair', CASE WHEN r.digit_on AND p_code = 40
                              AND (left(p_number, 2) = ANY (r.pair_balls) OR right(p_number, 2) = ANY (r.pair_balls))
              THEN CASE WHEN r.digit_block THEN 0 ELSE r.digit_amount END END),
            (4, 'share', CASE WHEN r.share_on AND p_base IS NOT NULL AND (CASE
                  WHEN p_code = 20 THEN 'bolet' WHEN p_code = 40 THEN 'mariage' WHEN p_code = 30 THEN 'loto3'
                  WHEN p_code BETWEEN 41 AND 43 THEN 'loto4' WHEN p_code BETWEEN 51 AND 53 THEN 'loto5' END)
                  = ANY (r.share_games)
              THEN greatest(r.share_floor, greatest(p_base, 0) * r.share_bp / 10000) END)
          ) v(ord, rule, lim)
           WHERE v.lim IS NOT NULL
           ORDER BY v.lim, v.ord
           LIMIT 1
        ) a ON true
      -- Each step computed once (OFFSET 0 keeps it a step): inlined, the expressions would be copied
      -- into every use, and the sale's plan would carry (and start) dozens of copies.
      OFFSET 0
    ) t
    OFFSET 0
  ) e
   -- A rule changes something only below the back office's own limit (which the sale checks anyway).
   WHERE e.max_amount < coalesce(p_manual, e.max_amount + 1)
$$;

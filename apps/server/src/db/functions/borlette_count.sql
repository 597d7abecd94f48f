-- The same for a stored ticket (cancellation and deletion give back, reactivation takes again).
-- A reactivation (p_sign 1, p_check) takes the ticket's amounts again as a sale made now would: its
-- limits and, when a rule is on, the automatic rules (issue 22 §2), every problem raised together in
-- the sale's words. The rules are read after the counters were written, on the rows this transaction
-- now holds (exact under concurrency, as in borlette_sell). « Now » is the sale's: the draw's sales so
-- far and the last-minutes window at this moment, the date rule on the ticket's day (the caller lets
-- only a same-day ticket on open draws through). Called before borlette_book_ticket: the draws' sales
-- then hold no part of this ticket (p_minus 0).
CREATE OR REPLACE FUNCTION borlette_count(p_company bigint, p_fiche bigint, p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
  v_problems jsonb;
BEGIN
  SELECT f.agent_id, f.sale_date, array_agg(l.tirage_id) AS tirages, array_agg(l.code::int) AS codes,
         array_agg(l.number) AS numbers, array_agg(l.amount) AS amounts, array_agg(l.position) AS positions,
         array_agg(l.lot1) AS lot1, array_agg(l.lot2) AS lot2, array_agg(l.lot3) AS lot3, array_agg(l.payout) AS payout,
         array_agg(DISTINCT l.tirage_id ORDER BY l.tirage_id) AS draws,
         p_check AND p_sign > 0 AND EXISTS (SELECT 1 FROM risk_rules rr WHERE rr.company_id = p_company
                                               AND (rr.share_on OR rr.late_on OR rr.date_on OR rr.digit_on)) AS rules_on
    INTO g
    FROM fiches f
    CROSS JOIN LATERAL (
      -- The exposure sums as the sale counts them (borlette_sell, migration 0033).
      SELECT fl.tirage_id, fl.code, fl.number, sum(fl.stake)::bigint AS amount, min(fl.position)::int AS position,
             sum(fl.stake * fl.prime1)::bigint AS lot1,
             sum(CASE WHEN fl.code = 20 THEN fl.stake * coalesce(fl.prime2, 0) ELSE 0 END)::bigint AS lot2,
             sum(CASE WHEN fl.code = 20 THEN fl.stake * coalesce(fl.prime3, 0) ELSE 0 END)::bigint AS lot3,
             sum(borlette_line_most(fl.code, fl.stake, fl.prime1, fl.prime2, fl.prime3, fl.cumulative))::bigint AS payout
        FROM fiche_lines fl
       WHERE fl.company_id = p_company AND fl.fiche_id = f.id AND fl.code <> 44
       GROUP BY fl.tirage_id, fl.code, fl.number
    ) l
   WHERE f.id = p_fiche AND f.company_id = p_company
   GROUP BY f.agent_id, f.sale_date;
  IF g.agent_id IS NULL THEN RETURN; END IF;
  v_problems := borlette_add_counts(p_company, g.agent_id, g.sale_date, g.tirages, g.codes, g.numbers, g.amounts,
                                    g.positions, g.lot1, g.lot2, g.lot3, g.payout, p_sign, p_check);
  IF g.rules_on THEN
    v_problems := v_problems || borlette_rule_problems(p_company, g.sale_date, g.draws, g.tirages, g.codes, g.numbers,
                                                       g.amounts, g.positions, 0,
                                                       (SELECT c.currency FROM companies c WHERE c.id = p_company), true);
  END IF;
  IF jsonb_array_length(v_problems) > 0 THEN
    PERFORM borlette_fail_all(v_problems);
  END IF;
END $$;

-- Generic plans for the engine's statements (keyed lookups whose best plan does not depend on the
-- values): with the default, PostgreSQL may keep re-planning a statement at every call — measured
-- on the sale, planning was the largest part of the database's CPU under load.
-- Set on the entry points only: the functions they call run under the same setting. CREATE OR REPLACE
-- resets it: a redefinition repeats it.
ALTER FUNCTION borlette_count(bigint, bigint, int, boolean) SET plan_cache_mode = force_generic_plan;

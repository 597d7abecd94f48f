-- The agent's commission rate per game (issue 20 §3), most specific level first: agent > sub-branch >
-- company; null where no level sets the game (the caller falls back to the agent's single rate, then the
-- company's). One definition for the sale and its live check. LANGUAGE sql, STABLE, one SELECT: the
-- planner inlines it in their LATERAL join, so the sale pays no function call.
CREATE OR REPLACE FUNCTION borlette_commission_rates(p_company bigint, p_agent bigint, p_surcussale bigint)
RETURNS TABLE (bolet integer, mariage integer, loto3 integer, loto4 integer, loto5 integer)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(k.bolet) FILTER (WHERE k.level = 'agent'), max(k.bolet) FILTER (WHERE k.level = 'surcussale'),
                  max(k.bolet) FILTER (WHERE k.level = 'company')),
         coalesce(max(k.mariage) FILTER (WHERE k.level = 'agent'), max(k.mariage) FILTER (WHERE k.level = 'surcussale'),
                  max(k.mariage) FILTER (WHERE k.level = 'company')),
         coalesce(max(k.loto3) FILTER (WHERE k.level = 'agent'), max(k.loto3) FILTER (WHERE k.level = 'surcussale'),
                  max(k.loto3) FILTER (WHERE k.level = 'company')),
         coalesce(max(k.loto4) FILTER (WHERE k.level = 'agent'), max(k.loto4) FILTER (WHERE k.level = 'surcussale'),
                  max(k.loto4) FILTER (WHERE k.level = 'company')),
         coalesce(max(k.loto5) FILTER (WHERE k.level = 'agent'), max(k.loto5) FILTER (WHERE k.level = 'surcussale'),
                  max(k.loto5) FILTER (WHERE k.level = 'company'))
    FROM commission_rates k
   WHERE k.company_id = p_company
     AND ((k.level = 'company' AND k.target_id = 0) OR (k.level = 'agent' AND k.target_id = p_agent)
          OR (k.level = 'surcussale' AND k.target_id = p_surcussale))
$$;

-- The same for a stored ticket (cancellation and deletion give back, reactivation takes again).
CREATE OR REPLACE FUNCTION borlette_count(p_company bigint, p_fiche bigint, p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  SELECT f.agent_id, f.sale_date, array_agg(l.tirage_id) AS tirages, array_agg(l.code::int) AS codes,
         array_agg(l.number) AS numbers, array_agg(l.amount) AS amounts, array_agg(l.position) AS positions
    INTO g
    FROM fiches f
    CROSS JOIN LATERAL (
      SELECT fl.tirage_id, fl.code, fl.number, sum(fl.stake)::bigint AS amount, min(fl.position)::int AS position
        FROM fiche_lines fl
       WHERE fl.company_id = p_company AND fl.fiche_id = f.id AND fl.code <> 44
       GROUP BY fl.tirage_id, fl.code, fl.number
    ) l
   WHERE f.id = p_fiche AND f.company_id = p_company
   GROUP BY f.agent_id, f.sale_date;
  IF g.agent_id IS NULL THEN RETURN; END IF;
  PERFORM borlette_apply_counts(p_company, g.agent_id, g.sale_date, g.tirages, g.codes, g.numbers, g.amounts,
                                g.positions, p_sign, p_check);
END $$;

-- Generic plans for the engine's statements (keyed lookups whose best plan does not depend on the
-- values): with the default, PostgreSQL may keep re-planning a statement at every call — measured
-- on the sale, planning was the largest part of the database's CPU under load.
-- Set on the entry points only: the functions they call run under the same setting. CREATE OR REPLACE
-- resets it: a redefinition repeats it.
ALTER FUNCTION borlette_count(bigint, bigint, int, boolean) SET plan_cache_mode = force_generic_plan;

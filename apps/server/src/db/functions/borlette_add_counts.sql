-- The counting of a ticket (the sale, borlette_count), answering every total above its limit as problems
-- (in the ticket's line order) instead of raising the first: '[]' when none. The day sums per
-- number are written only when the limits passed. One statement (issue 19): the counters, their
-- limits, then the day sums' deltas (a data-modifying CTE that no one reads runs after the query that
-- reads the counters, and its one-time filter waits for their problems); the deltas lock no shared row.
-- p_lot1, p_lot2, p_lot3, p_payout: the same groups' exposure sums (migration 0033: Σ stake × each
-- prime, Σ the most each line can cost, from the lines' snapshot), moved with the amounts.
CREATE OR REPLACE FUNCTION borlette_add_counts(p_company bigint, p_agent bigint, p_date date,
  p_tirages bigint[], p_codes int[], p_numbers text[], p_amounts bigint[], p_positions int[],
  p_lot1 bigint[], p_lot2 bigint[], p_lot3 bigint[], p_payout bigint[], p_sign int, p_check boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_problems jsonb;
BEGIN
  -- The counters' triggers skip this statement: it writes the day sums per number itself.
  PERFORM set_config('borlette.counting', 'on', true);
  WITH g AS (
    SELECT * FROM unnest(p_tirages, p_codes, p_numbers, p_amounts, p_positions, p_lot1, p_lot2, p_lot3, p_payout)
                  AS g(tirage_id, code, number, amount, position, lot1, lot2, lot3, payout)
  ), up AS (
    INSERT INTO sale_counters AS c (company_id, tirage_id, draw_date, agent_id, code, number, amount, lot1, lot2,
                                    lot3, payout)
    SELECT p_company, k.tirage_id, p_date, k.agent_id, k.code, k.number, p_sign * k.amount, p_sign * k.lot1,
           p_sign * k.lot2, p_sign * k.lot3, p_sign * k.payout
      FROM (SELECT g.*, 0::bigint AS agent_id FROM g
            UNION ALL
            SELECT g.*, p_agent FROM g) k
     ORDER BY k.tirage_id, k.agent_id, k.code, k.number
    ON CONFLICT (company_id, tirage_id, draw_date, agent_id, code, number)
      DO UPDATE SET amount = c.amount + EXCLUDED.amount, lot1 = c.lot1 + EXCLUDED.lot1, lot2 = c.lot2 + EXCLUDED.lot2,
                    lot3 = c.lot3 + EXCLUDED.lot3, payout = c.payout + EXCLUDED.payout
    RETURNING c.tirage_id, c.agent_id, c.code, c.number, c.amount
  ), pb AS (
    SELECT jsonb_agg(jsonb_build_object(
             'status', 409, 'code', 'LIMIT_EXCEEDED',
             'message', format('Ligne %s : %s : maximum %s %s encore pour %s%s', g.position, up.number,
                               borlette_money(greatest(lim.max_amount - (up.amount - g.amount), 0)),
                               (SELECT c.currency FROM companies c WHERE c.id = p_company),
                               (SELECT t.name FROM tirages t WHERE t.id = up.tirage_id),
                               CASE WHEN up.agent_id <> 0 THEN ' (limite du vendeur)' ELSE '' END),
             'line', g.position, 'number', up.number, 'tirage_id', up.tirage_id,
             'remaining', greatest(lim.max_amount - (up.amount - g.amount), 0),
             'scope', CASE WHEN up.agent_id <> 0 THEN 'agent' ELSE 'company' END)
           ORDER BY g.position, up.tirage_id, up.agent_id, up.code, up.number) AS problems
      FROM up
      JOIN g ON g.tirage_id = up.tirage_id AND g.code = up.code AND g.number = up.number
      CROSS JOIN LATERAL (
        SELECT sl.max_amount FROM sale_limits sl
         WHERE p_check
           AND sl.company_id = p_company
           AND coalesce(sl.agent_id, 0) = up.agent_id
           AND sl.code = up.code
           AND (sl.number = up.number OR sl.number IS NULL)
           AND (sl.tirage_id = up.tirage_id OR sl.tirage_id IS NULL)
           AND sl.status = 'active'
         ORDER BY (sl.number IS NULL), (sl.tirage_id IS NULL)
         LIMIT 1
      ) lim
     WHERE up.amount > lim.max_amount
  ), sn AS (
    -- The day sums per number (company-wide, over the draws), only once the limits passed: appended as
    -- deltas (insert-only, migration 0021), so no row lock is shared with another sale; folded into
    -- sale_numbers later (sale_numbers_fold), read together with them (view sale_numbers_live).
    INSERT INTO sale_number_deltas (company_id, draw_date, code, number, amount)
    SELECT p_company, p_date, g.code, g.number, p_sign * sum(g.amount)
      FROM g
     WHERE (SELECT pb.problems FROM pb) IS NULL
     GROUP BY g.code, g.number
  )
  SELECT pb.problems INTO v_problems FROM pb;
  PERFORM set_config('borlette.counting', 'off', true);
  RETURN coalesce(v_problems, '[]'::jsonb);
END $$;

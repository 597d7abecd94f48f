-- Adds (p_sign 1) or removes (-1) amounts sold to the running totals per number: company-wide
-- (agent 0) and the seller's. The groups come as arrays (draw, game, number, amount, first line of the
-- ticket holding it). Rows are locked in one global order (no deadlock between two sales); with
-- p_check, a total above its limit raises LIMIT_EXCEEDED naming the line, the number and what is left.
-- The counting itself is borlette_add_counts (day sums per number appended last as deltas, migration 0021).
-- borlette_count (cancellation, deletion, reactivation) calls borlette_add_counts itself since issue 22
-- (a reactivation adds the automatic rules' problems to the limits' before raising them together).
CREATE OR REPLACE FUNCTION borlette_apply_counts(p_company bigint, p_agent bigint, p_date date,
  p_tirages bigint[], p_codes int[], p_numbers text[], p_amounts bigint[], p_positions int[],
  p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_problems jsonb;
BEGIN
  v_problems := borlette_add_counts(p_company, p_agent, p_date, p_tirages, p_codes, p_numbers, p_amounts,
                                    p_positions, p_sign, p_check);
  IF jsonb_array_length(v_problems) > 0 THEN
    PERFORM borlette_fail_all(v_problems);
  END IF;
END $$;

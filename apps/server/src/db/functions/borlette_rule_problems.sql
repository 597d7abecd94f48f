-- The sale's refusals by the automatic rules (issue 22 §2), in the ticket's line order: '[]' when none.
-- Called by borlette_sell after borlette_add_counts has written this ticket into the counters: the
-- company-wide counter rows are then held by this transaction until its commit, so « sold » below is
-- every committed sale plus this one (exact under concurrency, the same rows and lock as the limits).
-- p_draws: the ticket's draws; p_tirages … p_positions: per (draw, game, number) of the ticket, its
-- stake and first line, as the counters were given them; p_minus: the ticket's draw part (see
-- borlette_rule_cells). The live check (borlette_check) asks the same before any write: p_counted
-- false, the ticket's stakes are added to what the counters hold (read without a lock there).
CREATE OR REPLACE FUNCTION borlette_rule_problems(p_company bigint, p_date date, p_draws bigint[], p_tirages bigint[],
  p_codes int[], p_numbers text[], p_amounts bigint[], p_positions int[], p_minus bigint, p_currency text,
  p_counted boolean)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb;
BEGIN
  -- plpgsql, not sql: its one statement's plan (the rule functions inlined in it) is kept for the
  -- session, where a sql function's body would be planned again at every sale.
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'status', 409, 'code', CASE WHEN c.max_amount = 0 THEN 'RULE_BLOCKED' ELSE 'RULE_LIMIT' END,
           'message', CASE WHEN c.max_amount = 0
             THEN format('Ligne %s : Limite automatique : %s bloqué (%s) pour %s.', g.position, g.number,
                         borlette_rule_label(c.rule), t.name)
             ELSE format('Ligne %s : Limite automatique : %s limité à %s %s (%s) pour %s ; il reste %s %s.', g.position,
                         g.number, borlette_money(c.max_amount), p_currency, borlette_rule_label(c.rule), t.name,
                         borlette_money(greatest(c.max_amount - (s.before), 0)), p_currency) END,
           'line', g.position, 'number', g.number, 'tirage_id', c.tirage_id, 'rule', c.rule,
           'limit', c.max_amount, 'remaining', greatest(c.max_amount - (s.before), 0))
           ORDER BY g.position, c.tirage_id, g.code, g.number), '[]'::jsonb)
    FROM (SELECT array_agg(x.code) AS codes, array_agg(x.number) AS numbers
            FROM (SELECT DISTINCT u.code, u.number FROM unnest(p_codes, p_numbers) u(code, number)) x) b
   CROSS JOIN LATERAL borlette_rule_cells(p_company, p_date, p_draws, b.codes, b.numbers, p_minus) c
    JOIN unnest(p_tirages, p_codes, p_numbers, p_amounts, p_positions) AS g(tirage_id, code, number, amount, position)
      ON g.tirage_id = c.tirage_id AND g.code = c.code AND g.number = c.number
    JOIN tirages t ON t.id = c.tirage_id
   -- What was sold before this ticket.
   CROSS JOIN LATERAL (SELECT c.sold - CASE WHEN p_counted THEN g.amount ELSE 0 END AS before) s
   WHERE s.before + g.amount > c.max_amount
    INTO v;
  RETURN v;
END $$;

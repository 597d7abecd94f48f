-- Sold per company, day, game and number over every draw: the company-wide counters (agent 0)
-- summed over their draws, kept in the transaction that changes them: by the sale's counting itself
-- (a sale, a cancellation, a reactivation: borlette_add_counts appends deltas to sale_number_deltas,
-- folded later by sale_numbers_fold; readers sum both, view sale_numbers_live), and for any other writer of
-- the counters (a deleted draw, a bulk load) from the statement's transition tables. The statistics read a
-- company's numbers here (one row per number and day) instead of grouping its counters per draw.
-- No index holds the amount (migration 0019): the sale's updates of these rows stay HOT.
CREATE OR REPLACE FUNCTION sale_numbers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The sale's own counting (borlette_add_counts) writes its day sums itself, as deltas.
  IF current_setting('borlette.counting', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
    SELECT n.company_id, n.draw_date, n.code, n.number, sum(n.amount)
      FROM new_counters n WHERE n.agent_id = 0
     GROUP BY 1, 2, 3, 4 HAVING sum(n.amount) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
    SELECT d.company_id, d.draw_date, d.code, d.number, sum(d.amount)
      FROM (SELECT n.company_id, n.draw_date, n.code, n.number, n.amount FROM new_counters n WHERE n.agent_id = 0
            UNION ALL
            SELECT o.company_id, o.draw_date, o.code, o.number, -o.amount FROM old_counters o WHERE o.agent_id = 0) d
     GROUP BY 1, 2, 3, 4 HAVING sum(d.amount) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount;
  ELSE
    INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
    SELECT o.company_id, o.draw_date, o.code, o.number, -sum(o.amount)
      FROM old_counters o WHERE o.agent_id = 0
     GROUP BY 1, 2, 3, 4 HAVING sum(o.amount) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

-- WHEN: the engine's own counting (borlette.counting on) does not even call the function (issue 19: a
-- plpgsql call sets up again in every transaction; the sale's upsert fired both triggers).
CREATE OR REPLACE TRIGGER sale_counters_numbers_insert AFTER INSERT ON sale_counters
  REFERENCING NEW TABLE AS new_counters FOR EACH STATEMENT
  WHEN (current_setting('borlette.counting', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION sale_numbers_apply();

CREATE OR REPLACE TRIGGER sale_counters_numbers_update AFTER UPDATE ON sale_counters
  REFERENCING OLD TABLE AS old_counters NEW TABLE AS new_counters FOR EACH STATEMENT
  WHEN (current_setting('borlette.counting', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION sale_numbers_apply();

CREATE OR REPLACE TRIGGER sale_counters_numbers_delete AFTER DELETE ON sale_counters
  REFERENCING OLD TABLE AS old_counters FOR EACH STATEMENT EXECUTE FUNCTION sale_numbers_apply();

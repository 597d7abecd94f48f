CREATE TABLE "sale_numbers" (
	"company_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"code" smallint NOT NULL,
	"number" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_numbers_company_id_draw_date_code_number_pk" PRIMARY KEY("company_id","draw_date","code","number")
);
--> statement-breakpoint
CREATE INDEX "sale_numbers_day_amount_idx" ON "sale_numbers" USING btree ("company_id","draw_date","code","amount" DESC NULLS LAST,"number");--> statement-breakpoint
-- Sold per company, day, game and number over every draw: the company-wide counters (agent 0)
-- summed over their draws, kept in the transaction that changes them: by the sale's counting itself
-- (a sale, a cancellation, a reactivation: borlette_apply_counts below), and for any other writer of
-- the counters (a deleted draw, a bulk load) from the statement's transition tables. The statistics read a
-- company's numbers here (one row per number and day) instead of grouping its counters per draw; a
-- day's most sold numbers of each game come in order from the index on (company, day, game, amount).
CREATE OR REPLACE FUNCTION sale_numbers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The sale's own counting (borlette_apply_counts) writes its day sums itself, in its lock order.
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
--> statement-breakpoint
CREATE TRIGGER sale_counters_numbers_insert AFTER INSERT ON sale_counters
  REFERENCING NEW TABLE AS new_counters FOR EACH STATEMENT EXECUTE FUNCTION sale_numbers_apply();
--> statement-breakpoint
CREATE TRIGGER sale_counters_numbers_update AFTER UPDATE ON sale_counters
  REFERENCING OLD TABLE AS old_counters NEW TABLE AS new_counters FOR EACH STATEMENT EXECUTE FUNCTION sale_numbers_apply();
--> statement-breakpoint
CREATE TRIGGER sale_counters_numbers_delete AFTER DELETE ON sale_counters
  REFERENCING OLD TABLE AS old_counters FOR EACH STATEMENT EXECUTE FUNCTION sale_numbers_apply();
--> statement-breakpoint
-- As in 0004, with the day sums per number written last.
CREATE OR REPLACE FUNCTION borlette_apply_counts(p_company bigint, p_agent bigint, p_date date,
  p_tirages bigint[], p_codes int[], p_numbers text[], p_amounts bigint[], p_positions int[],
  p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  -- The counters' triggers skip this statement: the day sums per number are written below.
  PERFORM set_config('borlette.counting', 'on', true);
  WITH g AS (
    SELECT * FROM unnest(p_tirages, p_codes, p_numbers, p_amounts, p_positions)
                  AS g(tirage_id, code, number, amount, position)
  ), up AS (
    INSERT INTO sale_counters AS c (company_id, tirage_id, draw_date, agent_id, code, number, amount)
    SELECT p_company, k.tirage_id, p_date, k.agent_id, k.code, k.number, p_sign * k.amount
      FROM (SELECT g.tirage_id, g.code, g.number, g.amount, 0::bigint AS agent_id FROM g
            UNION ALL
            SELECT g.tirage_id, g.code, g.number, g.amount, p_agent FROM g) k
     ORDER BY k.tirage_id, k.agent_id, k.code, k.number
    ON CONFLICT (company_id, tirage_id, draw_date, agent_id, code, number)
      DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.tirage_id, c.agent_id, c.code, c.number, c.amount
  )
  SELECT up.tirage_id, up.agent_id, up.code, up.number, up.amount AS total, g.amount AS own, g.position,
         lim.max_amount
    INTO x
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
   ORDER BY up.tirage_id, up.agent_id, up.code, up.number
   LIMIT 1;
  PERFORM set_config('borlette.counting', 'off', true);
  IF x.tirage_id IS NOT NULL THEN
    PERFORM borlette_fail(409, 'LIMIT_EXCEEDED',
      format('Ligne %s : %s : maximum %s %s encore pour %s%s', x.position, x.number,
             borlette_money(greatest(x.max_amount - (x.total - x.own), 0)),
             (SELECT c.currency FROM companies c WHERE c.id = p_company),
             (SELECT t.name FROM tirages t WHERE t.id = x.tirage_id),
             CASE WHEN x.agent_id <> 0 THEN ' (limite du vendeur)' ELSE '' END),
      jsonb_build_object('line', x.position, 'number', x.number, 'tirage_id', x.tirage_id,
                         'remaining', greatest(x.max_amount - (x.total - x.own), 0),
                         'scope', CASE WHEN x.agent_id <> 0 THEN 'agent' ELSE 'company' END));
  END IF;
  -- The day sums per number (company-wide, over the draws): one sorted upsert after the counters', so
  -- every sale locks in one global order (counters, then day sums: no deadlock), and only once the
  -- limits passed; these rows, shared by the draws, stay locked only until the commit that follows.
  INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
  SELECT p_company, p_date, g.code, g.number, p_sign * sum(g.amount)
    FROM unnest(p_codes, p_numbers, p_amounts) AS g(code, number, amount)
   GROUP BY g.code, g.number
   ORDER BY g.code, g.number
  ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount;
END $$;
--> statement-breakpoint
-- The counters written before this migration (the triggers above hold the table's writers until commit).
INSERT INTO sale_numbers (company_id, draw_date, code, number, amount)
SELECT company_id, draw_date, code, number, sum(amount)
  FROM sale_counters WHERE agent_id = 0
 GROUP BY 1, 2, 3, 4 HAVING sum(amount) <> 0;

-- Moves pending day-sum deltas (sale_number_deltas, appended by every sale's counting) into the day
-- sums (sale_numbers): at most p_limit deltas, of one company (p_company) or of all (NULL), oldest
-- first; answers how many it moved. One statement, so readers (view sale_numbers_live) see the deltas
-- either pending or folded, never both nor neither. SKIP LOCKED: two folds at once (two servers) take
-- disjoint deltas and upsert in key order, so they neither double-count nor deadlock.
CREATE OR REPLACE FUNCTION sale_numbers_fold(p_company bigint, p_limit int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_moved int;
BEGIN
  IF p_company IS NULL THEN
    WITH pick AS (
      SELECT x.company_id, x.id FROM sale_number_deltas x
       ORDER BY x.company_id, x.id LIMIT p_limit FOR UPDATE SKIP LOCKED
    ), d AS (
      DELETE FROM sale_number_deltas x USING pick
       WHERE x.company_id = pick.company_id AND x.id = pick.id
      RETURNING x.company_id, x.draw_date, x.code, x.number, x.amount
    ), up AS (
      INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
      SELECT d.company_id, d.draw_date, d.code, d.number, sum(d.amount) FROM d
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount
    )
    SELECT count(*) INTO v_moved FROM d;
  ELSE
    WITH pick AS (
      SELECT x.company_id, x.id FROM sale_number_deltas x
       WHERE x.company_id = p_company
       ORDER BY x.id LIMIT p_limit FOR UPDATE SKIP LOCKED
    ), d AS (
      DELETE FROM sale_number_deltas x USING pick
       WHERE x.company_id = pick.company_id AND x.id = pick.id
      RETURNING x.company_id, x.draw_date, x.code, x.number, x.amount
    ), up AS (
      INSERT INTO sale_numbers AS s (company_id, draw_date, code, number, amount)
      SELECT d.company_id, d.draw_date, d.code, d.number, sum(d.amount) FROM d
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (company_id, draw_date, code, number) DO UPDATE SET amount = s.amount + excluded.amount
    )
    SELECT count(*) INTO v_moved FROM d;
  END IF;
  RETURN v_moved;
END $$;

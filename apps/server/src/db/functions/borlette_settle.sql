-- Settles one company draw on one date against its result in force (none: every win back to 0).
-- Set-based: every line of the draw is evaluated in one pass; only lines whose win changes are
-- written (winners on a first settlement). A change on a paid ticket is refused (PAID_TICKETS)
-- unless p_allow_paid: then the payment is reversed (fiche_payments 'reversal') and it may be paid again.
CREATE OR REPLACE FUNCTION borlette_settle(p_company bigint, p_tirage bigint, p_date date, p_actor bigint,
                                           p_allow_paid boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_paid int;
  v_reversed int := 0;
  v_changed int;
  v_result jsonb;
BEGIN
  PERFORM borlette_lock_draws(ARRAY[p_tirage], true);
  SELECT i.lot1, i.lot2, i.lot3, i.pick3, i.pick4 INTO r FROM info_tirages i
   WHERE i.company_id = p_company AND i.tirage_id = p_tirage AND i.draw_date = p_date;

  IF to_regclass('pg_temp.borlette_changed') IS NULL THEN
    CREATE TEMP TABLE borlette_changed (id bigint, fiche_id bigint, old bigint, win bigint) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM borlette_changed;
  INSERT INTO borlette_changed
  SELECT c.id, c.fiche_id, c.old, CASE WHEN f.status = 'active' THEN c.win ELSE 0 END
    FROM (
      SELECT l.id, l.fiche_id, l.win_amount AS old,
             CASE WHEN r.lot1 IS NULL THEN 0 ELSE CASE l.code
               WHEN 20 THEN CASE WHEN l.cumulative THEN
                   (CASE WHEN l.number = r.lot1 THEN l.stake * l.prime1 ELSE 0 END)
                 + (CASE WHEN l.number = r.lot2 THEN l.stake * l.prime2 ELSE 0 END)
                 + (CASE WHEN l.number = r.lot3 THEN l.stake * l.prime3 ELSE 0 END)
                 ELSE greatest(CASE WHEN l.number = r.lot1 THEN l.stake * l.prime1 ELSE 0 END,
                               CASE WHEN l.number = r.lot2 THEN l.stake * l.prime2 ELSE 0 END,
                               CASE WHEN l.number = r.lot3 THEN l.stake * l.prime3 ELSE 0 END) END
               WHEN 40 THEN CASE WHEN left(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND right(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND (left(l.number, 2) <> right(l.number, 2)
                                       OR (r.lot1 = left(l.number, 2))::int + (r.lot2 = left(l.number, 2))::int
                                          + (r.lot3 = left(l.number, 2))::int >= 2)
                                THEN l.stake * l.prime1 ELSE 0 END
               WHEN 44 THEN CASE WHEN left(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND right(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND (left(l.number, 2) <> right(l.number, 2)
                                       OR (r.lot1 = left(l.number, 2))::int + (r.lot2 = left(l.number, 2))::int
                                          + (r.lot3 = left(l.number, 2))::int >= 2)
                                THEN l.prime1 ELSE 0 END
               WHEN 30 THEN CASE WHEN l.number = r.pick3 THEN l.stake * l.prime1 ELSE 0 END
               ELSE CASE WHEN l.number = replace(replace(replace(replace(replace(replace(l.template,
                                  '{pick3}', r.pick3), '{pick4}', r.pick4), '{lot1LastDigit}', right(r.lot1, 1)),
                                  '{lot1}', r.lot1), '{lot2}', r.lot2), '{lot3}', r.lot3)
                         THEN l.stake * l.prime1 ELSE 0 END
             END END AS win
        FROM fiche_lines l
       WHERE l.company_id = p_company AND l.tirage_id = p_tirage AND l.draw_date = p_date
    ) c
    JOIN fiches f ON f.id = c.fiche_id
   WHERE c.win > 0 OR c.old > 0;
  DELETE FROM borlette_changed WHERE win = old;
  SELECT count(*) INTO v_changed FROM borlette_changed;

  SELECT count(DISTINCT ch.fiche_id) INTO v_paid
    FROM borlette_changed ch JOIN fiches f ON f.id = ch.fiche_id
   WHERE f.paid_at IS NOT NULL;
  IF v_paid > 0 THEN
    IF NOT p_allow_paid THEN
      PERFORM borlette_fail(409, 'PAID_TICKETS',
        format('%s fiche(s) déjà payée(s) changeraient de gain. Confirmez pour continuer : leurs paiements seront annulés (l’annulation est enregistrée).', v_paid),
        jsonb_build_object('paid', v_paid));
    END IF;
    PERFORM borlette_reverse_payment(p_company, x.fiche_id, p_actor)
       FROM (SELECT DISTINCT ch.fiche_id FROM borlette_changed ch JOIN fiches f ON f.id = ch.fiche_id
              WHERE f.paid_at IS NOT NULL ORDER BY ch.fiche_id) x;
    v_reversed := v_paid;
  END IF;

  IF v_changed > 0 THEN
    UPDATE fiche_lines l SET win_amount = ch.win FROM borlette_changed ch WHERE l.id = ch.id;
    -- The ticket's draw, the ticket, and the summaries of its sale day move by the same difference.
    WITH d AS (
      SELECT fiche_id, sum(win - old) AS delta FROM borlette_changed GROUP BY fiche_id
    ), ft AS (
      UPDATE fiche_tirages ft SET win_amount = ft.win_amount + d.delta FROM d
       WHERE ft.company_id = p_company AND ft.fiche_id = d.fiche_id AND ft.tirage_id = p_tirage
      RETURNING ft.fiche_id, ft.win_amount - d.delta AS old_win, ft.win_amount AS new_win
    ), fi AS (
      UPDATE fiches f SET win_amount = f.win_amount + d.delta FROM d WHERE f.id = d.fiche_id
      RETURNING f.id, f.agent_id, f.sale_date, f.win_amount - d.delta AS old_win, f.win_amount AS new_win
    ), sd AS (
      UPDATE stats_agent_draw_day s SET wins = s.wins + x.delta, winners = s.winners + x.wd
        FROM (SELECT fi.sale_date, fi.agent_id, sum(ft.new_win - ft.old_win) AS delta,
                     sum((ft.new_win > 0)::int - (ft.old_win > 0)::int) AS wd
                FROM ft JOIN fi ON fi.id = ft.fiche_id
               GROUP BY fi.sale_date, fi.agent_id) x
       WHERE s.company_id = p_company AND s.business_date = x.sale_date AND s.tirage_id = p_tirage
         AND s.agent_id = x.agent_id
    )
    UPDATE stats_agent_day s SET wins = s.wins + x.delta, winners = s.winners + x.wd
      FROM (SELECT sale_date, agent_id, sum(new_win - old_win) AS delta,
                   sum((new_win > 0)::int - (old_win > 0)::int) AS wd
              FROM fi GROUP BY sale_date, agent_id) x
     WHERE s.company_id = p_company AND s.business_date = x.sale_date AND s.agent_id = x.agent_id;
  END IF;

  UPDATE info_tirages SET settled_at = now()
   WHERE company_id = p_company AND tirage_id = p_tirage AND draw_date = p_date;

  SELECT jsonb_build_object('winners', count(*) FILTER (WHERE ft.win_amount > 0),
                            'win_amount', coalesce(sum(ft.win_amount), 0),
                            'tickets', count(*),
                            'changed_lines', v_changed,
                            'reversed', v_reversed)
    INTO v_result
    FROM fiche_tirages ft
   WHERE ft.company_id = p_company AND ft.tirage_id = p_tirage AND ft.draw_date = p_date;
  RETURN v_result;
END $$;

-- Generic plans for the engine's statements (keyed lookups whose best plan does not depend on the
-- values): with the default, PostgreSQL may keep re-planning a statement at every call — measured
-- on the sale, planning was the largest part of the database's CPU under load.
-- Set on the entry points only: the functions they call run under the same setting. CREATE OR REPLACE
-- resets it: a redefinition repeats it.
ALTER FUNCTION borlette_settle(bigint, bigint, date, bigint, boolean) SET plan_cache_mode = force_generic_plan;

-- The display status of a ticket: annule | supprime | paye | en_attente | gagnant | perdant, from its
-- state and whether a draw still waits for its result (the one rule; inlined by the planner).
CREATE OR REPLACE FUNCTION borlette_status_label(p_status text, p_paid boolean, p_pending boolean, p_win bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_status = 'cancelled' THEN 'annule'
    WHEN p_status = 'deleted' THEN 'supprime'
    WHEN p_paid THEN 'paye'
    WHEN p_pending THEN 'en_attente'
    WHEN p_win > 0 THEN 'gagnant'
    ELSE 'perdant' END
$$;

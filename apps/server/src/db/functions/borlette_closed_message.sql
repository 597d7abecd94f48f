-- Why a draw does not sell now, in the words of the sale's refusal (and of its live check): `reason`
-- and times as borlette_tirage_state answers them, shown in the company's zone. LANGUAGE sql, STABLE,
-- one expression: inlined where it is called.
CREATE OR REPLACE FUNCTION borlette_closed_message(p_reason text, p_name text, p_timezone text,
  p_opens_at timestamptz, p_closes_at timestamptz, p_draw_at timestamptz)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE p_reason
           WHEN 'blocked' THEN format('Le tirage %s est bloqué.', p_name)
           WHEN 'forced_closed' THEN format('Le tirage %s est fermé.', p_name)
           WHEN 'result' THEN format('Le tirage %s a déjà ses résultats pour aujourd’hui.', p_name)
           WHEN 'drawn' THEN format('Le tirage %s a déjà eu lieu (à %s).', p_name,
                                    to_char(p_draw_at AT TIME ZONE p_timezone, 'HH24:MI'))
           WHEN 'day' THEN format('Le tirage %s n’a pas lieu aujourd’hui.', p_name)
           WHEN 'not_open' THEN format('Le tirage %s ouvre à %s.', p_name,
                                       to_char(p_opens_at AT TIME ZONE p_timezone, 'HH24:MI'))
           ELSE format('Le tirage %s est fermé depuis %s.', p_name,
                       to_char(p_closes_at AT TIME ZONE p_timezone, 'HH24:MI')) END
$$;

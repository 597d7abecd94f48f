-- The problems of a ticket's lines, in the ticket's order, as the sale raises them and its live check
-- answers them (one definition for both): a malformed line (checked again after the route's
-- validation: nothing sane to write), a loto option not offered, a stake over the line maximum, a ball
-- blocked on the draws (one problem per ball naming its draws). `malformed`: the sale stops there.
-- LANGUAGE sql, STABLE, one SELECT: the planner inlines it where it is called (FROM), so the sale keeps
-- its one statement and its generic plan.
CREATE OR REPLACE FUNCTION borlette_line_problems(p_company bigint, p_tirages bigint[], p_codes int[],
  p_numbers text[], p_stakes bigint[], p_max_stake bigint, p_currency text)
RETURNS TABLE (problems jsonb, malformed boolean)
LANGUAGE sql STABLE AS $$
  SELECT jsonb_agg(jsonb_build_object(
           'status', CASE q.problem WHEN 1 THEN 400 ELSE 409 END,
           'code', CASE q.problem WHEN 1 THEN 'INVALID_LINE' WHEN 2 THEN 'OPTION_UNAVAILABLE'
                                  WHEN 4 THEN 'LINE_MAX_STAKE' ELSE 'BOULE_BLOCKED' END,
           'message', CASE q.problem
                        WHEN 1 THEN format('Ligne %s : pari invalide.', q.pos)
                        WHEN 2 THEN format('Ligne %s : %s n’est pas disponible.', q.pos, q.info)
                        WHEN 4 THEN format('Ligne %s : la mise dépasse le maximum de %s %s par pari.', q.pos,
                                           borlette_amount(p_max_stake), p_currency)
                        ELSE format('Ligne %s : la boule %s est bloquée pour %s.', q.pos, q.info, q.tirage_name) END,
           'line', q.pos) ORDER BY q.pos, q.problem, q.info),
         bool_or(q.problem = 1)
    FROM (
    SELECT l.pos, 1 AS problem, NULL::text AS info, NULL::text AS tirage_name
      FROM unnest(p_codes, p_numbers, p_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
     WHERE l.stake IS NULL OR l.stake <= 0 OR NOT CASE
             WHEN l.code = 20 THEN l.number ~ '^\d{2}$'
             WHEN l.code = 40 THEN l.number ~ '^\d{2}\*\d{2}$' AND left(l.number, 2) < right(l.number, 2)
             WHEN l.code = 30 THEN l.number ~ '^\d{3}$'
             WHEN l.code IN (41, 42, 43) THEN l.number ~ '^\d{4}$'
             WHEN l.code IN (51, 52, 53) THEN l.number ~ '^\d{5}$'
             ELSE false END
    UNION ALL
    SELECT l.pos, 2, coalesce(o.label, CASE WHEN l.code < 50 THEN 'le loto 4 option ' || (l.code - 40)
                                           ELSE 'le loto 5 option ' || (l.code - 50) END), NULL
      FROM unnest(p_codes) WITH ORDINALITY AS l(code, pos)
      LEFT JOIN lotto_options o ON o.company_id = p_company AND o.code = l.code
     WHERE l.code >= 41 AND (o.id IS NULL OR NOT o.enabled OR o.status <> 'active')
    UNION ALL
    SELECT l.pos, 4, NULL, NULL
      FROM unnest(p_stakes) WITH ORDINALITY AS l(stake, pos)
     WHERE l.stake > p_max_stake
    UNION ALL
    SELECT l.pos, 3, b.number, string_agg(DISTINCT t.name, ', ' ORDER BY t.name)
      FROM unnest(p_codes, p_numbers) WITH ORDINALITY AS l(code, number, pos)
      CROSS JOIN unnest(p_tirages) AS sel(id)
      JOIN tirages t ON t.id = sel.id
      JOIN boule_blocks b ON b.company_id = p_company AND b.active
                         AND (b.tirage_id IS NULL OR b.tirage_id = sel.id)
                         AND (b.number = l.number
                              OR (l.code = 40 AND b.number IN (left(l.number, 2), right(l.number, 2))))
     GROUP BY l.pos, b.number
  ) q
$$;

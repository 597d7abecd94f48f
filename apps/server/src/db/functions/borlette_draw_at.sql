-- The official draw instant of a company draw on a date (its close time when it has no source).
CREATE OR REPLACE FUNCTION borlette_draw_at(p_tirage bigint, p_date date) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s.id IS NOT NULL THEN (p_date + s.draw_time) AT TIME ZONE s.timezone
              ELSE (p_date + t.close_time) AT TIME ZONE c.timezone END
    FROM tirages t
    JOIN companies c ON c.id = t.company_id
    LEFT JOIN draw_sources s ON s.id = t.source_id
   WHERE t.id = p_tirage
$$;

-- Whether a draw sells now, by the server clock, and why not. The draw date is the company's date.
-- reason: blocked | forced_closed | result | drawn | day | not_open | closed (null = open).
-- A draw of the company's own (no source) closes at close_time in auto mode; forced open, it sells
-- until its result is entered (results are accepted after its close time).
-- A SQL function with one SELECT: the planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION borlette_tirage_state(p_tirage bigint, p_now timestamptz DEFAULT now())
RETURNS TABLE (draw_date date, is_open boolean, reason text, opens_at timestamptz, closes_at timestamptz,
               draw_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT x.d, x.reason IS NULL, x.reason, x.opens_at, x.closes_at, x.draw_at
    FROM (
      SELECT l.d, o.opens_at, o.closes_at, o.draw_at,
             CASE
               WHEN tr.status <> 'active' THEN 'blocked'
               WHEN tr.mode = 'closed' THEN 'forced_closed'
               WHEN EXISTS (SELECT 1 FROM info_tirages i
                             WHERE i.company_id = tr.company_id AND i.tirage_id = tr.id AND i.draw_date = l.d)
                 THEN 'result'
               -- An official draw has taken place: nothing sells after it, not even a forced-open draw.
               WHEN s.id IS NOT NULL AND p_now >= o.draw_at THEN 'drawn'
               WHEN tr.mode = 'open' THEN NULL
               WHEN NOT (extract(dow FROM l.lt)::smallint = ANY (tr.days)) THEN 'day'
               WHEN l.lt::time < tr.open_time THEN 'not_open'
               WHEN l.lt::time >= tr.close_time THEN 'closed'
             END AS reason
        FROM tirages tr
        JOIN companies c ON c.id = tr.company_id
        LEFT JOIN draw_sources s ON s.id = tr.source_id
        CROSS JOIN LATERAL (SELECT p_now AT TIME ZONE c.timezone AS lt, (p_now AT TIME ZONE c.timezone)::date AS d) l
        CROSS JOIN LATERAL (
          SELECT (l.d + tr.open_time) AT TIME ZONE c.timezone AS opens_at,
                 (l.d + tr.close_time) AT TIME ZONE c.timezone AS closes_at,
                 CASE WHEN s.id IS NOT NULL THEN (l.d + s.draw_time) AT TIME ZONE s.timezone
                      ELSE (l.d + tr.close_time) AT TIME ZONE c.timezone END AS draw_at
        ) o
       WHERE tr.id = p_tirage
    ) x
$$;

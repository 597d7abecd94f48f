-- A company's defaults (docs/domain.md): settings, general primes, the six loto options and the usual draws
-- closing the company's `sales_close_minutes` before the official time. Idempotent.
CREATE OR REPLACE FUNCTION borlette_init_company(p_company bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_settings (company_id) VALUES (p_company) ON CONFLICT DO NOTHING;
  INSERT INTO primes (company_id, level, bolet_1, bolet_2, bolet_3, mariage, loto3,
                      loto4_o1, loto4_o2, loto4_o3, loto5_o1, loto5_o2, loto5_o3)
  VALUES (p_company, 'general', 50, 20, 10, 1000, 500, 5000, 5000, 5000, 25000, 25000, 25000)
  ON CONFLICT DO NOTHING;
  INSERT INTO lotto_options (company_id, code, label, mapping) VALUES
    (p_company, 41, 'Loto 4 option 1', ARRAY['lot2', 'lot3']),
    (p_company, 42, 'Loto 4 option 2', ARRAY['lot1', 'lot2']),
    (p_company, 43, 'Loto 4 option 3', ARRAY['lot1', 'lot3']),
    (p_company, 51, 'Loto 5 option 1', ARRAY['pick3', 'lot2']),
    (p_company, 52, 'Loto 5 option 2', ARRAY['pick3', 'lot3']),
    (p_company, 53, 'Loto 5 option 3', ARRAY['lot1LastDigit', 'lot2', 'lot3'])
  ON CONFLICT DO NOTHING;
  INSERT INTO tirages (company_id, name, source_id, days, open_time, close_time)
  SELECT p_company, s.name, s.id, s.days, time '00:00', x.local_draw - make_interval(mins => cs.sales_close_minutes)
    FROM draw_sources s
   CROSS JOIN companies c
    JOIN company_settings cs ON cs.company_id = c.id
   CROSS JOIN LATERAL (
     SELECT ((current_date + s.draw_time) AT TIME ZONE s.timezone) AT TIME ZONE c.timezone AS local_ts
   ) y
   CROSS JOIN LATERAL (SELECT y.local_ts::time AS local_draw) x
   WHERE c.id = p_company
     -- Only draws that take place on the same local day, late enough to close after midnight.
     AND y.local_ts::date = current_date
     AND x.local_draw > time '00:00' + make_interval(mins => cs.sales_close_minutes + 1)
     AND NOT EXISTS (SELECT 1 FROM tirages t WHERE t.company_id = p_company AND t.source_id = s.id)
   ORDER BY s.id
  ON CONFLICT DO NOTHING;
END $$;

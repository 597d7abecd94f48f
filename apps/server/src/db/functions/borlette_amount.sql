-- 100000000 -> '1 000 000,00' (French grouping and decimal comma); numeric: a potential payout may
-- pass bigint before it is refused.
CREATE OR REPLACE FUNCTION borlette_amount(p numeric) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(trunc(p / 100)::text, '(\d)(?=(\d{3})+$)', '\1 ', 'g') || ','
         || lpad((p - trunc(p / 100) * 100)::bigint::text, 2, '0')
$$;

-- The name of a company's ticket number sequence. `::text`: text || bigint is only STABLE, and an
-- IMMUTABLE SQL function whose body is not immutable is never inlined — the sale parsed and planned
-- this one at every call (issue 19: a tenth of a millisecond per sale).
CREATE OR REPLACE FUNCTION borlette_number_seq(p_company bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'fiche_number_c' || p_company::text
$$;

-- The name of a company's ticket number sequence.
CREATE OR REPLACE FUNCTION borlette_number_seq(p_company bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'fiche_number_c' || p_company
$$;

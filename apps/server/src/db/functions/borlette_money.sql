-- Amounts in the engine's refusal messages read as everywhere else: « 4 925,00 HTG » (borlette_amount).
CREATE OR REPLACE FUNCTION borlette_money(p bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT borlette_amount(p)
$$;

-- Amounts in the engine's refusal messages read as everywhere else: « 4 925,00 HTG », not « 4925 HTG »
-- (the limit and ticket-limit refusals used borlette_money, the other refusals borlette_amount).
CREATE OR REPLACE FUNCTION borlette_money(p bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT borlette_amount(p)
$$;

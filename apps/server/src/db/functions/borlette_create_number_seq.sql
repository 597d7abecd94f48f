-- A company's own sequence, past any number it already has (numbers are sequence × 10 + a Luhn digit;
-- a new company starts at 1000: five-digit ticket numbers). Idempotent.
CREATE OR REPLACE FUNCTION borlette_create_number_seq(p_company bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_start bigint;
BEGIN
  SELECT greatest(1000, coalesce(max(number) / 10 + 1, 0)) INTO v_start FROM fiches WHERE company_id = p_company;
  EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS bigint START WITH %s MINVALUE 1 CACHE 1',
                 borlette_number_seq(p_company), v_start);
END $$;

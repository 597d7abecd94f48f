-- Luhn check digit of a positive number (ticket numbers are sequence * 10 + this digit).
CREATE OR REPLACE FUNCTION borlette_luhn(p bigint) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE s text := p::text; total int := 0; d int; dbl boolean := true; i int;
BEGIN
  FOR i IN REVERSE length(s)..1 LOOP
    d := substr(s, i, 1)::int;
    IF dbl THEN d := d * 2; IF d > 9 THEN d := d - 9; END IF; END IF;
    total := total + d;
    dbl := NOT dbl;
  END LOOP;
  RETURN (10 - total % 10) % 10;
END $$;

-- The verification code of a ticket: 8 symbols of 32 (no 0/O, 1/I: read aloud and typed without
-- doubt), 40 bits, from the ticket's 128-bit random ref_code. Printed on the receipt as ABCD-EFGH.
-- plpgsql, not sql: a SQL function with a FROM is never inlined, so every call (one per sale, in
-- borlette_fiche_json) parsed and planned it again (issue 19: seen as base_yyparse in the sale's profile).
CREATE OR REPLACE FUNCTION borlette_fiche_code(p_ref text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  b bytea := decode(md5('fiche-verification:' || p_ref), 'hex');
  r text := '';
BEGIN
  FOR i IN 0..7 LOOP
    r := r || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(b, i) % 32 + 1, 1);
  END LOOP;
  RETURN r;
END $$;

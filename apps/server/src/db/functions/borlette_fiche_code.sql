-- The verification code of a ticket: 8 symbols of 32 (no 0/O, 1/I: read aloud and typed without
-- doubt), 40 bits, from the ticket's 128-bit random ref_code. Printed on the receipt as ABCD-EFGH.
CREATE OR REPLACE FUNCTION borlette_fiche_code(p_ref text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(h.b, i) % 32 + 1, 1), '' ORDER BY i)
    FROM (SELECT decode(md5('fiche-verification:' || p_ref), 'hex') AS b) h, generate_series(0, 7) i
$$;

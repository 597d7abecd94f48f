-- The verification code of a ticket: 8 symbols of 32 (no 0/O, 1/I: read aloud and typed without
-- doubt), 40 bits, from the ticket's 128-bit random ref_code. Printed on the receipt as ABCD-EFGH.
-- One immutable expression, no FROM: the planner inlines it into the query that calls it (issue 19: the
-- former string_agg over generate_series was never inlined, so the sale parsed and planned it at every
-- call; a plpgsql body still costs a call and its set-up in every transaction). The digest is cheap
-- enough to compute once per symbol.
CREATE OR REPLACE FUNCTION borlette_fiche_code(p_ref text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 0) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 1) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 2) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 3) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 4) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 5) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 6) % 32 + 1, 1)
      || substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(decode(md5('fiche-verification:' || p_ref), 'hex'), 7) % 32 + 1, 1)
$$;

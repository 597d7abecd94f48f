-- The key of a draw's lock (borlette_lock_draws) from its id.
CREATE OR REPLACE FUNCTION borlette_lock_key(p_tirage bigint) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_tirage % 2147483647)::int
$$;

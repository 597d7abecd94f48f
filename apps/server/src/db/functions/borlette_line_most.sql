-- The most one paid line can cost (its snapshot's primes × its stake): a bolet on every lot it can hit,
-- each hit when cumulative, else its best lot; the other games their one prime. What the exposure sums of
-- the counters add up (borlette_sell, borlette_count, migration 0033). LANGUAGE sql, IMMUTABLE, one
-- expression: inlined where it is called.
CREATE OR REPLACE FUNCTION borlette_line_most(p_code int, p_stake bigint, p_prime1 bigint, p_prime2 bigint,
  p_prime3 bigint, p_cumulative boolean)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_code <> 20 THEN p_stake * p_prime1
              WHEN p_cumulative THEN p_stake * (p_prime1 + coalesce(p_prime2, 0) + coalesce(p_prime3, 0))
              ELSE greatest(p_stake * p_prime1, p_stake * coalesce(p_prime2, 0), p_stake * coalesce(p_prime3, 0)) END
$$;

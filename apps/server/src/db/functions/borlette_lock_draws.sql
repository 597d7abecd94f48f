-- Serialises results (exclusive) against sales, payments and cancellations (shared) of the same draws:
-- the one place that takes a draw's lock (namespace 727100, db/lock-keys.ts). Taken in draw id order,
-- so two holders of several draws never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION borlette_lock_draws(p_ids bigint[], p_exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(727100, borlette_lock_key(t)) FROM unnest(p_ids) t ORDER BY t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(727100, borlette_lock_key(t)) FROM unnest(p_ids) t ORDER BY t;
  END IF;
END $$;

-- Reserves one attempt, or refuses it. Counted in the window: the attempts not known to have
-- succeeded (being checked, or failed). Limits (NULL: none):
--   p_max_user_ip  per username from this address (the owner's other addresses stay open);
--   p_max_user     per username from every address; for the sign-in ('login') waived at an address
--                  where this username last signed in successfully (a distributed attack cannot lock
--                  the owner out of its shop);
--   p_max_ip       per address for every username.
-- Two advisory locks (username, then address: always in that order, so no deadlock) make the count
-- and the insert one step for every instance; each statement of this function reads after the lock.
-- Answers the attempt's id and the failures already counted for (username, address), or `refused`.
CREATE OR REPLACE FUNCTION borlette_login_reserve(
  p_kind text, p_username text, p_ip text, p_window_minutes int,
  p_max_user_ip int, p_max_user int, p_max_ip int
) RETURNS TABLE (attempt_id bigint, user_ip_failures int, refused text) LANGUAGE plpgsql AS $$
DECLARE
  v_since timestamptz;
  v_user_ip int;
  v_user int;
  v_ip int := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(1517, hashtext(p_kind || ':' || p_username));
  PERFORM pg_advisory_xact_lock(1518, hashtext(p_kind || ':' || p_ip));
  v_since := clock_timestamp() - make_interval(mins => p_window_minutes);
  SELECT count(*) FILTER (WHERE a.ip = p_ip)::int, count(*)::int INTO v_user_ip, v_user
    FROM login_attempts a
   WHERE a.kind = p_kind AND a.username = p_username AND a.success IS NOT TRUE AND a.at > v_since;
  IF p_max_ip IS NOT NULL THEN
    SELECT count(*)::int INTO v_ip FROM login_attempts a
     WHERE a.kind = p_kind AND a.ip = p_ip AND a.success IS NOT TRUE AND a.at > v_since;
  END IF;
  user_ip_failures := v_user_ip;
  IF v_user_ip >= p_max_user_ip THEN
    refused := 'user_ip';
  ELSIF v_ip >= p_max_ip THEN
    refused := 'ip';
  -- The waiver is the sign-in's only: the account form's check is made with a session already open,
  -- where an owner's address proves nothing (a stolen session at the shop would guess without limit).
  ELSIF v_user >= p_max_user AND (p_kind <> 'login' OR NOT EXISTS (
    SELECT 1 FROM login_attempts a
     WHERE a.kind = p_kind AND a.username = p_username AND a.ip = p_ip AND a.success
  )) THEN
    refused := 'user';
  ELSE
    INSERT INTO login_attempts (kind, username, ip, success, at)
    VALUES (p_kind, p_username, p_ip, NULL, clock_timestamp())
    RETURNING id INTO attempt_id;
  END IF;
  RETURN NEXT;
END $$;

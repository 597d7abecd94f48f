-- Errors a person reads are raised as SQLSTATE P0001 with a French MESSAGE and a JSON DETAIL
-- {"status": 4xx, "code": "...", ...} that the HTTP layer turns into the answer (http/errors.ts).
-- The codes are packages/shared/src/error-codes.ts.
CREATE OR REPLACE FUNCTION borlette_fail(p_status int, p_code text, p_message text, p_detail jsonb DEFAULT '{}')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = p_message,
    DETAIL = (jsonb_build_object('status', p_status, 'code', p_code) || p_detail)::text;
END $$;

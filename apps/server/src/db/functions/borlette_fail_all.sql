-- Raises the first problem of a list, with the list.
CREATE OR REPLACE FUNCTION borlette_fail_all(p_problems jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_first jsonb := p_problems -> 0;
BEGIN
  PERFORM borlette_fail((v_first ->> 'status')::int, v_first ->> 'code', v_first ->> 'message',
                        (v_first - 'status' - 'code' - 'message') || jsonb_build_object('problems', p_problems));
END $$;

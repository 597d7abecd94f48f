-- Why this session may not sell now (signed out, expired or revoked, when the call names one:
-- `p_checked`; its device pending or revoked), in the words of the sale's refusal and of its live check
-- (one definition for both), or null. The sale asks it before answering a ticket replayed by its key;
-- then borlette_seller_refusal. LANGUAGE sql, STABLE, one expression: inlined where it is called.
CREATE OR REPLACE FUNCTION borlette_session_refusal(p_checked boolean, p_session_ok boolean, p_terminal_state text)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_checked AND p_session_ok IS NOT TRUE THEN jsonb_build_object('status', 401, 'code', 'UNAUTHORIZED',
      'message', 'Session expirée ou invalide. Veuillez vous reconnecter.')
    WHEN p_terminal_state = 'pending' THEN jsonb_build_object('status', 403, 'code', 'DEVICE_PENDING',
      'message', 'Ce terminal attend l’approbation de la compagnie.')
    WHEN p_terminal_state = 'revoked' THEN jsonb_build_object('status', 403, 'code', 'DEVICE_REVOKED',
      'message', 'Ce terminal a été révoqué.')
  END
$$;

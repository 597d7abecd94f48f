-- Whether a user may move a ticket's money now (p_action: 'pay' or 'cancel'): refused, with the
-- block's own message, when its company, its account or (an agent) its sub-branch is blocked, or when
-- the session's device (p_terminal, null without one: the back office) is pending or revoked.
-- Checked by borlette_pay itself and by the agent's cancellation, whatever the session says.
-- The device is re-read shared-locked, as the sale does: a revocation (its UPDATE) waits for this
-- transaction, and one arriving during a revocation waits for it and reads « revoked ».
DROP FUNCTION IF EXISTS borlette_payer_guard(bigint, bigint, text);
CREATE OR REPLACE FUNCTION borlette_payer_guard(p_company bigint, p_user bigint, p_action text,
                                                p_terminal bigint DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_what text := CASE p_action WHEN 'cancel' THEN 'l’annulation' ELSE 'le paiement' END;
BEGIN
  SELECT u.status, u.role, c.status AS company_status, s.status AS surcussale_status, s.name AS surcussale_name,
         (SELECT tm.state FROM terminals tm WHERE tm.company_id = p_company AND tm.id = p_terminal FOR SHARE)
           AS terminal_state
    INTO a
    FROM users u
    JOIN companies c ON c.id = u.company_id
    LEFT JOIN surcussales s ON s.id = u.surcussale_id AND s.company_id = u.company_id
   WHERE u.id = p_user AND u.company_id = p_company;
  IF NOT FOUND THEN
    PERFORM borlette_fail(403, 'NOT_ALLOWED', 'Seul un utilisateur de la compagnie peut agir sur ses fiches.');
  END IF;
  IF a.terminal_state = 'pending' THEN
    PERFORM borlette_fail(403, 'DEVICE_PENDING', 'Ce terminal attend l’approbation de la compagnie.');
  ELSIF a.terminal_state = 'revoked' THEN
    PERFORM borlette_fail(403, 'DEVICE_REVOKED', 'Ce terminal a été révoqué.');
  END IF;
  IF a.company_status <> 'active' THEN
    PERFORM borlette_fail(403, 'COMPANY_BLOCKED', format('Votre compagnie est bloquée : %s est impossible.', v_what));
  END IF;
  IF a.status <> 'active' THEN
    PERFORM borlette_fail(403, 'AGENT_BLOCKED', format('Votre compte est bloqué : %s est impossible.', v_what));
  END IF;
  IF a.role = 'agent' AND a.surcussale_status IS DISTINCT FROM 'active' THEN
    PERFORM borlette_fail(403, 'SURCUSSALE_BLOCKED',
      format('La succursale %s est bloquée : %s est impossible.', coalesce(a.surcussale_name, ''), v_what));
  END IF;
END $$;

-- Why this seller may not sell now, in the words and order of the sale's refusal and of its live check
-- (one definition for both), or null: the company blocked, an invoice unpaid past its grace since
-- `p_unpaid_since`, the agent or its sub-branch blocked. Asked after borlette_session_refusal and after a
-- replayed sale has its answer. LANGUAGE sql, STABLE, one expression: inlined where it is called.
CREATE OR REPLACE FUNCTION borlette_seller_refusal(p_company_status text, p_unpaid_since date, p_agent_status text,
  p_surcussale_status text, p_surcussale_name text)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_company_status <> 'active' THEN jsonb_build_object('status', 403, 'code', 'COMPANY_BLOCKED',
      'message', 'Votre compagnie est bloquée : la vente est suspendue.')
    WHEN p_unpaid_since IS NOT NULL THEN jsonb_build_object('status', 403, 'code', 'COMPANY_UNPAID',
      'message', format('La vente est suspendue : une facture de la compagnie est impayée depuis le %s. Elle reprend dès le paiement.',
                        to_char(p_unpaid_since, 'DD/MM/YYYY')))
    WHEN p_agent_status <> 'active' THEN jsonb_build_object('status', 403, 'code', 'AGENT_BLOCKED',
      'message', 'Votre compte est bloqué : la vente est impossible.')
    WHEN p_surcussale_status IS DISTINCT FROM 'active' THEN jsonb_build_object('status', 403, 'code', 'SURCUSSALE_BLOCKED',
      'message', format('La succursale %s est bloquée : la vente est suspendue.', coalesce(p_surcussale_name, '')))
  END
$$;

-- A confirmed correction undid a paid ticket's payment: the ticket is payable again; reversing rows
-- mirror what was paid per draw; the agent who paid owes it back (payout_reversal, today); today's
-- summaries of that agent lose the payout. Audited with the actor's role and username (traceability
-- lists entries by role) and the ticket's number.
CREATE OR REPLACE FUNCTION borlette_reverse_payment(p_company bigint, p_fiche bigint, p_actor bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v record;
BEGIN
  SELECT f.paid_by AS agent_id, f.paid_surcussale_id AS surcussale_id, f.paid_amount AS paid,
         (now() AT TIME ZONE c.timezone)::date AS day
    INTO v
    FROM fiches f JOIN companies c ON c.id = f.company_id
   WHERE f.id = p_fiche AND f.company_id = p_company AND f.paid_at IS NOT NULL
   FOR UPDATE OF f;
  IF NOT FOUND THEN RETURN; END IF;
  UPDATE fiches SET paid_at = NULL, paid_by = NULL, paid_amount = NULL, paid_surcussale_id = NULL WHERE id = p_fiche;
  -- The ledger entry first, alone (its trigger locks the agent's ledger day): the summaries after it,
  -- in the order of the sale, the payment and the cancellation (no deadlock between them).
  INSERT INTO wallet_entries (company_id, agent_id, kind, amount, fiche_id, business_date, actor_id)
  SELECT p_company, v.agent_id, 'payout_reversal', v.paid, p_fiche, v.day, p_actor WHERE v.agent_id IS NOT NULL;
  WITH parts AS (
    SELECT tirage_id, sum(amount)::bigint AS amount FROM fiche_payments
     WHERE company_id = p_company AND fiche_id = p_fiche
     GROUP BY tirage_id HAVING sum(amount) <> 0
  ), fp AS (
    INSERT INTO fiche_payments (company_id, fiche_id, kind, tirage_id, amount, actor_id, agent_id, surcussale_id)
    SELECT p_company, p_fiche, 'reversal', tirage_id, -amount, p_actor, v.agent_id, v.surcussale_id FROM parts
  ), sd AS (
    INSERT INTO stats_agent_draw_day AS s (company_id, business_date, tirage_id, agent_id, surcussale_id, payouts, paid)
    SELECT p_company, v.day, tirage_id, v.agent_id, v.surcussale_id, -amount, -1
      FROM parts WHERE tirage_id IS NOT NULL AND v.agent_id IS NOT NULL ORDER BY tirage_id
    ON CONFLICT (company_id, business_date, tirage_id, agent_id) DO UPDATE
      SET payouts = s.payouts + EXCLUDED.payouts, paid = s.paid - 1
  ), sa AS (
    INSERT INTO stats_agent_day AS s (company_id, business_date, agent_id, surcussale_id, payouts, paid)
    SELECT p_company, v.day, v.agent_id, v.surcussale_id, -v.paid, -1 WHERE v.agent_id IS NOT NULL
    ON CONFLICT (company_id, business_date, agent_id) DO UPDATE
      SET payouts = s.payouts + EXCLUDED.payouts, paid = s.paid - 1
  )
  INSERT INTO audit_log (company_id, user_id, role, username, action, entity, entity_id, after)
  SELECT p_company, p_actor, u.role, u.username, 'payment_reversed', 'fiche', p_fiche::text,
         jsonb_build_object('amount', v.paid, 'number', (SELECT number FROM fiches WHERE id = p_fiche))
    FROM (SELECT 1) one LEFT JOIN users u ON u.id = p_actor;
END $$;

-- Pays a winning ticket once (NULL: someone paid it first or it may not be paid): the ticket, one
-- fiche_payments row per draw that won, the paying user's ledger entry (payout) and the summaries of
-- the paying day (payouts are counted where and when the cash left). The payer is an agent at its
-- point of sale, or a back-office user at the office (booked to that user, so company figures stay
-- exact). Refused (403) to a blocked payer, company or sub-branch, and to an agent paying another
-- sub-branch's ticket when the company does not allow it.
CREATE OR REPLACE FUNCTION borlette_pay(p_company bigint, p_fiche bigint, p_agent bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_paid bigint;
  v_surc bigint;
  v_date date;
  v_role text;
  v_other_ok boolean;
BEGIN
  PERFORM borlette_payer_guard(p_company, p_agent, 'pay');
  SELECT u.surcussale_id, u.role, (now() AT TIME ZONE c.timezone)::date, cs.agents_pay_other_branches
    INTO v_surc, v_role, v_date, v_other_ok
    FROM users u JOIN companies c ON c.id = u.company_id JOIN company_settings cs ON cs.company_id = c.id
   WHERE u.id = p_agent AND u.company_id = p_company;
  IF v_role = 'agent' AND NOT v_other_ok AND EXISTS (
       SELECT 1 FROM fiches f WHERE f.id = p_fiche AND f.company_id = p_company
          AND f.surcussale_id IS DISTINCT FROM v_surc) THEN
    PERFORM borlette_fail(403, 'OTHER_BRANCH',
      'Cette fiche a été vendue par une autre succursale : la compagnie ne permet pas de la payer ici.');
  END IF;
  UPDATE fiches SET paid_at = now(), paid_by = p_agent, paid_amount = win_amount, paid_surcussale_id = v_surc
   WHERE id = p_fiche AND company_id = p_company AND paid_at IS NULL AND status = 'active' AND NOT blocked
     AND win_amount > 0
  RETURNING paid_amount INTO v_paid;
  IF v_paid IS NULL THEN RETURN NULL; END IF;
  -- The ledger entry first, alone: its trigger locks the payer's ledger day before the summaries below
  -- are touched, the order of the sale and of the cancellation (inside one statement the trigger ran
  -- last, and a payment beside a cancellation of the same agent deadlocked).
  INSERT INTO wallet_entries (company_id, agent_id, kind, amount, fiche_id, business_date, actor_id)
  VALUES (p_company, p_agent, 'payout', -v_paid, p_fiche, v_date, p_agent);
  WITH parts AS (
    SELECT tirage_id, win_amount FROM fiche_tirages
     WHERE company_id = p_company AND fiche_id = p_fiche AND win_amount > 0
  ), fp AS (
    INSERT INTO fiche_payments (company_id, fiche_id, kind, tirage_id, amount, actor_id, agent_id, surcussale_id)
    SELECT p_company, p_fiche, 'payment', tirage_id, win_amount, p_agent, p_agent, v_surc FROM parts
  ), sd AS (
    INSERT INTO stats_agent_draw_day AS s (company_id, business_date, tirage_id, agent_id, surcussale_id, payouts, paid)
    SELECT p_company, v_date, tirage_id, p_agent, v_surc, win_amount, 1 FROM parts ORDER BY tirage_id
    ON CONFLICT (company_id, business_date, tirage_id, agent_id) DO UPDATE
      SET payouts = s.payouts + EXCLUDED.payouts, paid = s.paid + 1
  )
  INSERT INTO stats_agent_day AS s (company_id, business_date, agent_id, surcussale_id, payouts, paid)
  VALUES (p_company, v_date, p_agent, v_surc, v_paid, 1)
  ON CONFLICT (company_id, business_date, agent_id) DO UPDATE
    SET payouts = s.payouts + EXCLUDED.payouts, paid = s.paid + 1;
  RETURN v_paid;
END $$;

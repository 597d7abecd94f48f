-- A ticket leaves the sales (cancelled by its agent or deleted by the back office: p_sign -1) or comes
-- back (reactivated: +1): its ledger entry and the summaries of its sale day (its limit counters are
-- borlette_count's). Tickets leave before any result: they carry no winnings.
CREATE OR REPLACE FUNCTION borlette_book_ticket(p_company bigint, p_fiche bigint, p_sign int, p_actor bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date, actor_id)
  SELECT f.company_id, f.agent_id, CASE WHEN p_sign < 0 THEN 'cancel' ELSE 'reactivate' END,
         p_sign * (f.amount - f.commission_amount), p_sign * f.amount, p_sign * f.commission_amount, f.id,
         f.sale_date, p_actor
    FROM fiches f WHERE f.id = p_fiche AND f.company_id = p_company;
  UPDATE stats_agent_draw_day s
     SET tickets = s.tickets + p_sign, sales = s.sales + p_sign * ft.amount,
         commission = s.commission + p_sign * ft.commission_amount,
         cancelled = s.cancelled - p_sign, cancelled_amount = s.cancelled_amount - p_sign * ft.amount
    FROM fiche_tirages ft JOIN fiches f ON f.id = ft.fiche_id
   WHERE ft.company_id = p_company AND ft.fiche_id = p_fiche
     AND s.company_id = p_company AND s.business_date = f.sale_date AND s.tirage_id = ft.tirage_id
     AND s.agent_id = f.agent_id;
  UPDATE stats_agent_day s
     SET tickets = s.tickets + p_sign, sales = s.sales + p_sign * f.amount,
         commission = s.commission + p_sign * f.commission_amount,
         cancelled = s.cancelled - p_sign, cancelled_amount = s.cancelled_amount - p_sign * f.amount
    FROM fiches f
   WHERE f.id = p_fiche AND f.company_id = p_company
     AND s.company_id = p_company AND s.business_date = f.sale_date AND s.agent_id = f.agent_id;
END $$;

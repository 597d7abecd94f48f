-- A ticket as the point of sale, the public page and the back office read it (contracts/fiches.ts
-- ficheView). plpgsql so that each connection plans it once (a SQL function is planned per call).
-- verification_code: for the receipt; the public page (/fiche-view) does not answer it.
CREATE OR REPLACE FUNCTION borlette_fiche_json(p_fiche bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb;
BEGIN
  SELECT jsonb_build_object(
    'id', f.id,
    'number', f.number,
    'ref_code', f.ref_code,
    'verification_code', borlette_fiche_code(f.ref_code),
    'sold_at', to_char(f.sold_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'sale_date', to_char(f.sale_date, 'YYYY-MM-DD'),
    'status', borlette_status_label(f.status, f.paid_at IS NOT NULL, d.pending, f.win_amount),
    'blocked', f.blocked,
    'amount', f.amount,
    'commission_amount', f.commission_amount,
    'win_amount', f.win_amount,
    'paid_at', to_char(f.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'paid_amount', f.paid_amount,
    'expires_on', to_char(f.sale_date + cs.payout_validity_days, 'YYYY-MM-DD'),
    'cancel_until', to_char((f.sold_at + make_interval(mins => cs.cancel_window_minutes)) AT TIME ZONE 'UTC',
                            'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
    'print_count', f.print_count,
    'agent_id', f.agent_id,
    'agent_name', trim(u.first_name || ' ' || u.last_name),
    'surcussale_name', s.name,
    'company_name', c.name,
    'company_logo', c.logo,
    'currency', c.currency,
    'timezone', c.timezone,
    'draws', d.draws,
    'lines', ls.lines)
  INTO v
  FROM fiches f
  JOIN companies c ON c.id = f.company_id
  JOIN company_settings cs ON cs.company_id = f.company_id
  JOIN users u ON u.id = f.agent_id
  LEFT JOIN surcussales s ON s.id = f.surcussale_id
  CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'tirage_id', ft.tirage_id,
             'name', t.name,
             'draw_date', to_char(ft.draw_date, 'YYYY-MM-DD'),
             'amount', ft.amount,
             'win_amount', ft.win_amount,
             'status', CASE WHEN f.status = 'cancelled' THEN 'annule'
                            WHEN f.status = 'deleted' THEN 'supprime'
                            WHEN i.id IS NULL THEN 'en_attente'
                            WHEN ft.win_amount > 0 THEN 'gagnant' ELSE 'perdant' END,
             'result', CASE WHEN i.id IS NULL THEN NULL ELSE jsonb_build_object(
                'pick3', i.pick3, 'pick4', i.pick4, 'lot1', i.lot1, 'lot2', i.lot2, 'lot3', i.lot3) END,
             -- « résultat en attente » (issue 21): a draw following an official session, without its result
             -- although the official time has passed (a company's own draw has no official time).
             'result_late', i.id IS NULL AND t.source_id IS NOT NULL AND f.status NOT IN ('cancelled', 'deleted')
                            AND borlette_draw_at(ft.tirage_id, ft.draw_date) <= now()
           ) ORDER BY t.name, ft.tirage_id), '[]'::jsonb) AS draws,
           coalesce(bool_or(i.id IS NULL), false) AS pending
      FROM fiche_tirages ft
      JOIN tirages t ON t.id = ft.tirage_id
      LEFT JOIN info_tirages i ON i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                              AND i.draw_date = ft.draw_date
     WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
  ) d
  CROSS JOIN LATERAL (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'tirage_id', l.tirage_id,
             'position', l.position,
             'code', l.code,
             'number', l.number,
             'stake', l.stake,
             'free', l.code = 44,
             'win_amount', l.win_amount
           ) ORDER BY l.tirage_id, l.position), '[]'::jsonb) AS lines
      FROM fiche_lines l
     WHERE l.company_id = f.company_id AND l.fiche_id = f.id
  ) ls
  WHERE f.id = p_fiche;
  RETURN v;
END $$;

-- The display status of a stored ticket (lists). plpgsql: its plan is kept by each connection.
CREATE OR REPLACE FUNCTION borlette_fiche_status(f fiches) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN borlette_status_label(f.status, f.paid_at IS NOT NULL,
    EXISTS (SELECT 1 FROM fiche_tirages ft
             WHERE ft.company_id = f.company_id AND ft.fiche_id = f.id
               AND NOT EXISTS (SELECT 1 FROM info_tirages i
                                WHERE i.company_id = ft.company_id AND i.tirage_id = ft.tirage_id
                                  AND i.draw_date = ft.draw_date)),
    f.win_amount);
END $$;

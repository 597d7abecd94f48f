-- Paying needs proof; blocked means blocked (issue 15, defects 6 and 7).
-- An agent pays a ticket only with what the receipt holds: its QR's secret (ref_code) or the
-- verification code printed on it, derived here from ref_code (nobody can compute it from the number).
-- Wrong proofs are counted per user (fiche_proof_failures) and throttled. borlette_pay refuses a
-- payer whose company, account or sub-branch is blocked, and an agent paying another sub-branch's
-- ticket when the company does not allow it (company_settings.agents_pay_other_branches).

-- Wrong proofs of one user in the current window (modules/fiches/pay-proof.ts reads it FOR UPDATE:
-- one user's proofs are checked one at a time, so parallel guesses cannot pass the limit).
CREATE TABLE "fiche_proof_failures" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiche_proof_failures" ADD CONSTRAINT "fiche_proof_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint

-- The verification code of a ticket: 8 symbols of 32 (no 0/O, 1/I: read aloud and typed without
-- doubt), 40 bits, from the ticket's 128-bit random ref_code. Printed on the receipt as ABCD-EFGH.
CREATE OR REPLACE FUNCTION borlette_fiche_code(p_ref text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', get_byte(h.b, i) % 32 + 1, 1), '' ORDER BY i)
    FROM (SELECT decode(md5('fiche-verification:' || p_ref), 'hex') AS b) h, generate_series(0, 7) i
$$;
--> statement-breakpoint

-- Whether a user may move a ticket's money now (p_action: 'pay' or 'cancel'): refused, with the
-- block's own message, when its company, its account or (an agent) its sub-branch is blocked.
-- Checked by borlette_pay itself and by the agent's cancellation, whatever the session says.
CREATE OR REPLACE FUNCTION borlette_payer_guard(p_company bigint, p_user bigint, p_action text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  v_what text := CASE p_action WHEN 'cancel' THEN 'l’annulation' ELSE 'le paiement' END;
BEGIN
  SELECT u.status, u.role, c.status AS company_status, s.status AS surcussale_status, s.name AS surcussale_name
    INTO a
    FROM users u
    JOIN companies c ON c.id = u.company_id
    LEFT JOIN surcussales s ON s.id = u.surcussale_id AND s.company_id = u.company_id
   WHERE u.id = p_user AND u.company_id = p_company;
  IF NOT FOUND THEN
    PERFORM borlette_fail(403, 'NOT_ALLOWED', 'Seul un utilisateur de la compagnie peut agir sur ses fiches.');
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
--> statement-breakpoint

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
                'pick3', i.pick3, 'pick4', i.pick4, 'lot1', i.lot1, 'lot2', i.lot2, 'lot3', i.lot3) END
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
--> statement-breakpoint

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
  WITH parts AS (
    SELECT tirage_id, win_amount FROM fiche_tirages
     WHERE company_id = p_company AND fiche_id = p_fiche AND win_amount > 0
  ), fp AS (
    INSERT INTO fiche_payments (company_id, fiche_id, kind, tirage_id, amount, actor_id, agent_id, surcussale_id)
    SELECT p_company, p_fiche, 'payment', tirage_id, win_amount, p_agent, p_agent, v_surc FROM parts
  ), we AS (
    INSERT INTO wallet_entries (company_id, agent_id, kind, amount, fiche_id, business_date, actor_id)
    VALUES (p_company, p_agent, 'payout', -v_paid, p_fiche, v_date, p_agent)
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

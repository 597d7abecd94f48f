-- The borlette engine in the database: reference sources, company defaults, the state of a draw,
-- the sale (one round trip, all or nothing), the limit counters, the set-based settlement, and the
-- money they move: the agents' ledger (wallet_entries) and the summaries the reports read
-- (stats_agent_draw_day, stats_agent_day), written in the same transactions.
-- Errors a person reads are raised as SQLSTATE P0001 with a French MESSAGE and a JSON DETAIL
-- {"status": 4xx, "code": "...", ...} that the HTTP layer turns into the answer (http/errors.ts).

-- Official sessions (domain.md): local time of the state; days 0 = Sunday … 6 = Saturday.
INSERT INTO draw_sources (state, state_name, session, name, timezone, draw_time, days) VALUES
  ('NY', 'New York', 'midi', 'New York Midi', 'America/New_York', '14:30', '{0,1,2,3,4,5,6}'),
  ('NY', 'New York', 'soir', 'New York Soir', 'America/New_York', '22:30', '{0,1,2,3,4,5,6}'),
  ('FL', 'Florida', 'midi', 'Florida Midi', 'America/New_York', '13:30', '{0,1,2,3,4,5,6}'),
  ('FL', 'Florida', 'soir', 'Florida Soir', 'America/New_York', '21:45', '{0,1,2,3,4,5,6}'),
  ('GA', 'Georgia', 'midi', 'Georgia Midi', 'America/New_York', '12:29', '{0,1,2,3,4,5,6}'),
  ('GA', 'Georgia', 'soir', 'Georgia Soir', 'America/New_York', '18:59', '{0,1,2,3,4,5,6}'),
  ('GA', 'Georgia', 'nuit', 'Georgia Nuit', 'America/New_York', '23:34', '{0,1,2,3,4,5,6}'),
  ('TN', 'Tennessee', 'matin', 'Tennessee Matin', 'America/Chicago', '09:28', '{1,2,3,4,5,6}'),
  ('TN', 'Tennessee', 'midi', 'Tennessee Midi', 'America/Chicago', '12:28', '{1,2,3,4,5,6}'),
  ('TN', 'Tennessee', 'soir', 'Tennessee Soir', 'America/Chicago', '18:28', '{0,1,2,3,4,5,6}'),
  ('TX', 'Texas', 'matin', 'Texas Matin', 'America/Chicago', '10:00', '{1,2,3,4,5,6}'),
  ('TX', 'Texas', 'midi', 'Texas Midi', 'America/Chicago', '12:27', '{1,2,3,4,5,6}'),
  ('TX', 'Texas', 'soir', 'Texas Soir', 'America/Chicago', '18:00', '{1,2,3,4,5,6}'),
  ('TX', 'Texas', 'nuit', 'Texas Nuit', 'America/Chicago', '22:12', '{1,2,3,4,5,6}')
ON CONFLICT DO NOTHING;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION borlette_fail(p_status int, p_code text, p_message text, p_detail jsonb DEFAULT '{}')
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = p_message,
    DETAIL = (jsonb_build_object('status', p_status, 'code', p_code) || p_detail)::text;
END $$;
--> statement-breakpoint

-- 20000 -> '200', 20050 -> '200,50' (French decimal comma); never negative here.
CREATE OR REPLACE FUNCTION borlette_money(p bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p % 100 = 0 THEN (p / 100)::text
              ELSE (p / 100)::text || ',' || lpad((p % 100)::text, 2, '0') END
$$;
--> statement-breakpoint

-- Luhn check digit of a positive number (ticket numbers are sequence * 10 + this digit).
CREATE OR REPLACE FUNCTION borlette_luhn(p bigint) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE s text := p::text; total int := 0; d int; dbl boolean := true; i int;
BEGIN
  FOR i IN REVERSE length(s)..1 LOOP
    d := substr(s, i, 1)::int;
    IF dbl THEN d := d * 2; IF d > 9 THEN d := d - 9; END IF; END IF;
    total := total + d;
    dbl := NOT dbl;
  END LOOP;
  RETURN (10 - total % 10) % 10;
END $$;
--> statement-breakpoint

-- Serialises results (exclusive) against sales, payments and cancellations (shared) of one draw.
CREATE OR REPLACE FUNCTION borlette_lock_key(p_tirage bigint) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT (p_tirage % 2147483647)::int
$$;
--> statement-breakpoint

-- A company's defaults (domain.md): settings, general primes, the six loto options and the usual draws
-- closing the company's `sales_close_minutes` before the official time. Idempotent.
CREATE OR REPLACE FUNCTION borlette_init_company(p_company bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_settings (company_id) VALUES (p_company) ON CONFLICT DO NOTHING;
  INSERT INTO primes (company_id, level, bolet_1, bolet_2, bolet_3, mariage, loto3,
                      loto4_o1, loto4_o2, loto4_o3, loto5_o1, loto5_o2, loto5_o3)
  VALUES (p_company, 'general', 50, 20, 10, 1000, 500, 5000, 5000, 5000, 25000, 25000, 25000)
  ON CONFLICT DO NOTHING;
  INSERT INTO lotto_options (company_id, code, label, mapping) VALUES
    (p_company, 41, 'Loto 4 option 1', ARRAY['lot2', 'lot3']),
    (p_company, 42, 'Loto 4 option 2', ARRAY['lot1', 'lot2']),
    (p_company, 43, 'Loto 4 option 3', ARRAY['lot1', 'lot3']),
    (p_company, 51, 'Loto 5 option 1', ARRAY['pick3', 'lot2']),
    (p_company, 52, 'Loto 5 option 2', ARRAY['pick3', 'lot3']),
    (p_company, 53, 'Loto 5 option 3', ARRAY['lot1LastDigit', 'lot2', 'lot3'])
  ON CONFLICT DO NOTHING;
  INSERT INTO tirages (company_id, name, source_id, days, open_time, close_time)
  SELECT p_company, s.name, s.id, s.days, time '00:00', x.local_draw - make_interval(mins => cs.sales_close_minutes)
    FROM draw_sources s
   CROSS JOIN companies c
    JOIN company_settings cs ON cs.company_id = c.id
   CROSS JOIN LATERAL (
     SELECT ((current_date + s.draw_time) AT TIME ZONE s.timezone) AT TIME ZONE c.timezone AS local_ts
   ) y
   CROSS JOIN LATERAL (SELECT y.local_ts::time AS local_draw) x
   WHERE c.id = p_company
     -- Only draws that take place on the same local day, late enough to close after midnight.
     AND y.local_ts::date = current_date
     AND x.local_draw > time '00:00' + make_interval(mins => cs.sales_close_minutes + 1)
     AND NOT EXISTS (SELECT 1 FROM tirages t WHERE t.company_id = p_company AND t.source_id = s.id)
   ORDER BY s.id
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint

SELECT borlette_init_company(id) FROM companies;
--> statement-breakpoint

-- The official draw instant of a company draw on a date (its close time when it has no source).
CREATE OR REPLACE FUNCTION borlette_draw_at(p_tirage bigint, p_date date) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s.id IS NOT NULL THEN (p_date + s.draw_time) AT TIME ZONE s.timezone
              ELSE (p_date + t.close_time) AT TIME ZONE c.timezone END
    FROM tirages t
    JOIN companies c ON c.id = t.company_id
    LEFT JOIN draw_sources s ON s.id = t.source_id
   WHERE t.id = p_tirage
$$;
--> statement-breakpoint

-- Whether a draw sells now, by the server clock, and why not. The draw date is the company's date.
-- reason: blocked | forced_closed | result | drawn | day | not_open | closed (null = open).
-- A draw of the company's own (no source) closes at close_time in auto mode; forced open, it sells
-- until its result is entered (results are accepted after its close time).
-- A SQL function with one SELECT: the planner inlines it into the query that calls it.
CREATE OR REPLACE FUNCTION borlette_tirage_state(p_tirage bigint, p_now timestamptz DEFAULT now())
RETURNS TABLE (draw_date date, is_open boolean, reason text, opens_at timestamptz, closes_at timestamptz,
               draw_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT x.d, x.reason IS NULL, x.reason, x.opens_at, x.closes_at, x.draw_at
    FROM (
      SELECT l.d, o.opens_at, o.closes_at, o.draw_at,
             CASE
               WHEN tr.status <> 'active' THEN 'blocked'
               WHEN tr.mode = 'closed' THEN 'forced_closed'
               WHEN EXISTS (SELECT 1 FROM info_tirages i
                             WHERE i.company_id = tr.company_id AND i.tirage_id = tr.id AND i.draw_date = l.d)
                 THEN 'result'
               -- An official draw has taken place: nothing sells after it, not even a forced-open draw.
               WHEN s.id IS NOT NULL AND p_now >= o.draw_at THEN 'drawn'
               WHEN tr.mode = 'open' THEN NULL
               WHEN NOT (extract(dow FROM l.lt)::smallint = ANY (tr.days)) THEN 'day'
               WHEN l.lt::time < tr.open_time THEN 'not_open'
               WHEN l.lt::time >= tr.close_time THEN 'closed'
             END AS reason
        FROM tirages tr
        JOIN companies c ON c.id = tr.company_id
        LEFT JOIN draw_sources s ON s.id = tr.source_id
        CROSS JOIN LATERAL (SELECT p_now AT TIME ZONE c.timezone AS lt, (p_now AT TIME ZONE c.timezone)::date AS d) l
        CROSS JOIN LATERAL (
          SELECT (l.d + tr.open_time) AT TIME ZONE c.timezone AS opens_at,
                 (l.d + tr.close_time) AT TIME ZONE c.timezone AS closes_at,
                 CASE WHEN s.id IS NOT NULL THEN (l.d + s.draw_time) AT TIME ZONE s.timezone
                      ELSE (l.d + tr.close_time) AT TIME ZONE c.timezone END AS draw_at
        ) o
       WHERE tr.id = p_tirage
    ) x
$$;
--> statement-breakpoint

-- The display status of a ticket: annule | supprime | paye | en_attente | gagnant | perdant, from its
-- state and whether a draw still waits for its result (the one rule; inlined by the planner).
CREATE OR REPLACE FUNCTION borlette_status_label(p_status text, p_paid boolean, p_pending boolean, p_win bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_status = 'cancelled' THEN 'annule'
    WHEN p_status = 'deleted' THEN 'supprime'
    WHEN p_paid THEN 'paye'
    WHEN p_pending THEN 'en_attente'
    WHEN p_win > 0 THEN 'gagnant'
    ELSE 'perdant' END
$$;
--> statement-breakpoint

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
--> statement-breakpoint

-- A ticket as the point of sale, the public page and the back office read it (contracts/fiches.ts
-- ficheView). plpgsql so that each connection plans it once (a SQL function is planned per call).
CREATE OR REPLACE FUNCTION borlette_fiche_json(p_fiche bigint) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v jsonb;
BEGIN
  SELECT jsonb_build_object(
    'id', f.id,
    'number', f.number,
    'ref_code', f.ref_code,
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

-- Adds (p_sign 1) or removes (-1) amounts sold to the running totals per number: company-wide
-- (agent 0) and the seller's. The groups come as arrays (draw, game, number, amount, first line of the
-- ticket holding it). Rows are locked in one global order (no deadlock between two sales); with
-- p_check, a total above its limit raises LIMIT_EXCEEDED naming the line, the number and what is left.
CREATE OR REPLACE FUNCTION borlette_apply_counts(p_company bigint, p_agent bigint, p_date date,
  p_tirages bigint[], p_codes int[], p_numbers text[], p_amounts bigint[], p_positions int[],
  p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  WITH g AS (
    SELECT * FROM unnest(p_tirages, p_codes, p_numbers, p_amounts, p_positions)
                  AS g(tirage_id, code, number, amount, position)
  ), up AS (
    INSERT INTO sale_counters AS c (company_id, tirage_id, draw_date, agent_id, code, number, amount)
    SELECT p_company, k.tirage_id, p_date, k.agent_id, k.code, k.number, p_sign * k.amount
      FROM (SELECT g.tirage_id, g.code, g.number, g.amount, 0::bigint AS agent_id FROM g
            UNION ALL
            SELECT g.tirage_id, g.code, g.number, g.amount, p_agent FROM g) k
     ORDER BY k.tirage_id, k.agent_id, k.code, k.number
    ON CONFLICT (company_id, tirage_id, draw_date, agent_id, code, number)
      DO UPDATE SET amount = c.amount + EXCLUDED.amount
    RETURNING c.tirage_id, c.agent_id, c.code, c.number, c.amount
  )
  SELECT up.tirage_id, up.agent_id, up.code, up.number, up.amount AS total, g.amount AS own, g.position,
         lim.max_amount
    INTO x
    FROM up
    JOIN g ON g.tirage_id = up.tirage_id AND g.code = up.code AND g.number = up.number
    CROSS JOIN LATERAL (
      SELECT sl.max_amount FROM sale_limits sl
       WHERE p_check
         AND sl.company_id = p_company
         AND coalesce(sl.agent_id, 0) = up.agent_id
         AND sl.code = up.code
         AND (sl.number = up.number OR sl.number IS NULL)
         AND (sl.tirage_id = up.tirage_id OR sl.tirage_id IS NULL)
         AND sl.status = 'active'
       ORDER BY (sl.number IS NULL), (sl.tirage_id IS NULL)
       LIMIT 1
    ) lim
   WHERE up.amount > lim.max_amount
   ORDER BY up.tirage_id, up.agent_id, up.code, up.number
   LIMIT 1;
  IF x.tirage_id IS NOT NULL THEN
    PERFORM borlette_fail(409, 'LIMIT_EXCEEDED',
      format('Ligne %s : %s : maximum %s %s encore pour %s%s', x.position, x.number,
             borlette_money(greatest(x.max_amount - (x.total - x.own), 0)),
             (SELECT c.currency FROM companies c WHERE c.id = p_company),
             (SELECT t.name FROM tirages t WHERE t.id = x.tirage_id),
             CASE WHEN x.agent_id <> 0 THEN ' (limite du vendeur)' ELSE '' END),
      jsonb_build_object('line', x.position, 'number', x.number, 'tirage_id', x.tirage_id,
                         'remaining', greatest(x.max_amount - (x.total - x.own), 0),
                         'scope', CASE WHEN x.agent_id <> 0 THEN 'agent' ELSE 'company' END));
  END IF;
END $$;
--> statement-breakpoint

-- The same for a stored ticket (cancellation and deletion give back, reactivation takes again).
CREATE OR REPLACE FUNCTION borlette_count(p_company bigint, p_fiche bigint, p_sign int, p_check boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  SELECT f.agent_id, f.sale_date, array_agg(l.tirage_id) AS tirages, array_agg(l.code::int) AS codes,
         array_agg(l.number) AS numbers, array_agg(l.amount) AS amounts, array_agg(l.position) AS positions
    INTO g
    FROM fiches f
    CROSS JOIN LATERAL (
      SELECT fl.tirage_id, fl.code, fl.number, sum(fl.stake)::bigint AS amount, min(fl.position)::int AS position
        FROM fiche_lines fl
       WHERE fl.company_id = p_company AND fl.fiche_id = f.id AND fl.code <> 44
       GROUP BY fl.tirage_id, fl.code, fl.number
    ) l
   WHERE f.id = p_fiche AND f.company_id = p_company
   GROUP BY f.agent_id, f.sale_date;
  IF g.agent_id IS NULL THEN RETURN; END IF;
  PERFORM borlette_apply_counts(p_company, g.agent_id, g.sale_date, g.tirages, g.codes, g.numbers, g.amounts,
                                g.positions, p_sign, p_check);
END $$;
--> statement-breakpoint

-- The sale, all or nothing, in one round trip. p: { company_id, agent_id, key, hash, ref_code,
-- tirages: [id], lines: [{code, number, stake, pos}] (validated and normalised by the caller),
-- free: ['aa*bb', …] (random candidates drawn by the caller, used in order) }.
-- Answers the ticket (borlette_fiche_json) with "replayed": true when the key was already used.
-- Few statements on purpose: each statement of a function costs its executor start-up, and the sale
-- is the hot path (checks are grouped; the inserts are one statement).
CREATE OR REPLACE FUNCTION borlette_sell(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_company bigint := (p ->> 'company_id')::bigint;
  v_agent bigint := (p ->> 'agent_id')::bigint;
  v_key text := p ->> 'key';
  v_hash text := p ->> 'hash';
  a record;
  x record;
  v_tirages bigint[];
  v_codes int[];
  v_numbers text[];
  v_stakes bigint[];
  v_nlines int;
  v_line_total bigint;
  v_total bigint;
  v_date date;
  v_free_n int;
  v_free_t bigint[] := '{}';
  v_free_num text[] := '{}';
  v_pairs text[];
  v_tid bigint;
  v_fiche bigint;
  v_number bigint;
  v_answer jsonb;
  v_comm_draw bigint;
  v_comm bigint;
BEGIN
  -- The seller, its branch, its company and settings, and a ticket already sold with this key.
  SELECT u.status, u.surcussale_id, coalesce(u.commission_bp, cs.commission_bp) AS commission_bp,
         c.status AS company_status, c.timezone, c.currency, s.status AS surcussale_status, s.name AS surcussale_name,
         cs.free_mariage_amount, cs.bolet_cumulative, e.id AS existing_id,
         e.agent_id = u.id AND e.request_hash = v_hash AS same_request,
         (SELECT min(i.due_date) FROM invoices i
           WHERE i.company_id = u.company_id AND i.status = 'unpaid'
             AND i.due_date + cs.billing_grace_days < (now() AT TIME ZONE c.timezone)::date) AS unpaid_since
    INTO a
    FROM users u
    JOIN companies c ON c.id = u.company_id
    JOIN company_settings cs ON cs.company_id = c.id
    LEFT JOIN surcussales s ON s.id = u.surcussale_id AND s.company_id = u.company_id
    LEFT JOIN fiches e ON e.company_id = u.company_id AND e.idempotency_key = v_key
   WHERE u.id = v_agent AND u.company_id = v_company AND u.role = 'agent';
  IF NOT FOUND THEN
    PERFORM borlette_fail(403, 'NOT_AN_AGENT', 'Seul un vendeur de la compagnie peut vendre une fiche.');
  END IF;
  -- A retried sale: the same ticket, never a second one.
  IF a.existing_id IS NOT NULL THEN
    IF NOT a.same_request THEN
      PERFORM borlette_fail(409, 'IDEMPOTENCY_CONFLICT',
        'Cette clé de vente a déjà servi pour une autre fiche. Recommencez la vente.');
    END IF;
    RETURN borlette_fiche_json(a.existing_id) || '{"replayed": true}'::jsonb;
  END IF;
  IF a.company_status <> 'active' THEN
    PERFORM borlette_fail(403, 'COMPANY_BLOCKED', 'Votre compagnie est bloquée : la vente est suspendue.');
  END IF;
  IF a.unpaid_since IS NOT NULL THEN
    PERFORM borlette_fail(403, 'COMPANY_UNPAID',
      format('La vente est suspendue : une facture de la compagnie est impayée depuis le %s. Elle reprend dès le paiement.',
             to_char(a.unpaid_since, 'DD/MM/YYYY')));
  END IF;
  IF a.status <> 'active' THEN
    PERFORM borlette_fail(403, 'AGENT_BLOCKED', 'Votre compte est bloqué : la vente est impossible.');
  END IF;
  IF a.surcussale_status IS DISTINCT FROM 'active' THEN
    PERFORM borlette_fail(403, 'SURCUSSALE_BLOCKED',
      format('La succursale %s est bloquée : la vente est suspendue.', coalesce(a.surcussale_name, '')));
  END IF;

  -- The request, read once: the draws (sorted, distinct) and the lines (in their order).
  SELECT (SELECT array_agg(DISTINCT tj.v::bigint ORDER BY tj.v::bigint)
            FROM jsonb_array_elements_text(p -> 'tirages') tj(v)),
         array_agg(l.code ORDER BY l.pos), array_agg(l.number ORDER BY l.pos), array_agg(l.stake ORDER BY l.pos),
         count(*)::int, sum(l.stake)::bigint
    INTO v_tirages, v_codes, v_numbers, v_stakes, v_nlines, v_line_total
    FROM jsonb_to_recordset(p -> 'lines') AS l(code int, number text, stake bigint, pos int);
  IF v_tirages IS NULL THEN PERFORM borlette_fail(400, 'NO_DRAW', 'Choisissez au moins un tirage.'); END IF;
  IF v_nlines = 0 THEN PERFORM borlette_fail(400, 'NO_LINE', 'La fiche ne contient aucun pari.'); END IF;

  -- The draws, locked (shared, in one order: results take the lock exclusively), then each must sell now.
  PERFORM pg_advisory_xact_lock_shared(727100, borlette_lock_key(t)) FROM unnest(v_tirages) t ORDER BY t;
  SELECT u.id, t.name, st.reason, st.draw_date, st.opens_at, st.closes_at, st.draw_at, t.id IS NULL AS unknown
    INTO x
    FROM unnest(v_tirages) WITH ORDINALITY AS u(id, o)
    LEFT JOIN tirages t ON t.id = u.id AND t.company_id = v_company
    LEFT JOIN LATERAL borlette_tirage_state(u.id) st ON true
   WHERE t.id IS NULL OR st.reason IS NOT NULL
   ORDER BY u.o LIMIT 1;
  IF FOUND THEN
    IF x.unknown THEN
      PERFORM borlette_fail(404, 'TIRAGE_NOT_FOUND', 'Tirage introuvable.', jsonb_build_object('tirage_id', x.id));
    END IF;
    PERFORM borlette_fail(409, 'TIRAGE_CLOSED', CASE x.reason
      WHEN 'blocked' THEN format('Le tirage %s est bloqué.', x.name)
      WHEN 'forced_closed' THEN format('Le tirage %s est fermé.', x.name)
      WHEN 'result' THEN format('Le tirage %s a déjà ses résultats pour aujourd’hui.', x.name)
      WHEN 'drawn' THEN format('Le tirage %s a déjà eu lieu (à %s).', x.name,
                               to_char(x.draw_at AT TIME ZONE a.timezone, 'HH24:MI'))
      WHEN 'day' THEN format('Le tirage %s n’a pas lieu aujourd’hui.', x.name)
      WHEN 'not_open' THEN format('Le tirage %s ouvre à %s.', x.name,
                                  to_char(x.opens_at AT TIME ZONE a.timezone, 'HH24:MI'))
      ELSE format('Le tirage %s est fermé depuis %s.', x.name,
                  to_char(x.closes_at AT TIME ZONE a.timezone, 'HH24:MI')) END,
      jsonb_build_object('tirage_id', x.id, 'reason', x.reason));
  END IF;
  v_date := (now() AT TIME ZONE a.timezone)::date;

  -- The lines: well formed (checked again here), options offered, numbers not blocked; the first
  -- problem in the ticket's order. Then the ticket limit and the free mariages it earns.
  SELECT q.pos, q.problem, q.info, q.tirage_name INTO x FROM (
    SELECT l.pos, 1 AS problem, NULL::text AS info, NULL::text AS tirage_name
      FROM unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
     WHERE l.stake IS NULL OR l.stake <= 0 OR NOT CASE
             WHEN l.code = 20 THEN l.number ~ '^\d{2}$'
             WHEN l.code = 40 THEN l.number ~ '^\d{2}\*\d{2}$' AND left(l.number, 2) < right(l.number, 2)
             WHEN l.code = 30 THEN l.number ~ '^\d{3}$'
             WHEN l.code IN (41, 42, 43) THEN l.number ~ '^\d{4}$'
             WHEN l.code IN (51, 52, 53) THEN l.number ~ '^\d{5}$'
             ELSE false END
    UNION ALL
    SELECT l.pos, 2, coalesce(o.label, CASE WHEN l.code < 50 THEN 'le loto 4 option ' || (l.code - 40)
                                           ELSE 'le loto 5 option ' || (l.code - 50) END), NULL
      FROM unnest(v_codes) WITH ORDINALITY AS l(code, pos)
      LEFT JOIN lotto_options o ON o.company_id = v_company AND o.code = l.code
     WHERE l.code >= 41 AND (o.id IS NULL OR NOT o.enabled OR o.status <> 'active')
    UNION ALL
    SELECT l.pos, 3, b.number, t.name
      FROM unnest(v_codes, v_numbers) WITH ORDINALITY AS l(code, number, pos)
      CROSS JOIN unnest(v_tirages) AS sel(id)
      JOIN tirages t ON t.id = sel.id
      JOIN boule_blocks b ON b.company_id = v_company AND b.active
                         AND (b.tirage_id IS NULL OR b.tirage_id = sel.id)
                         AND (b.number = l.number
                              OR (l.code = 40 AND b.number IN (left(l.number, 2), right(l.number, 2))))
  ) q ORDER BY q.pos, q.problem LIMIT 1;
  IF FOUND THEN
    PERFORM borlette_fail(CASE x.problem WHEN 1 THEN 400 ELSE 409 END,
      CASE x.problem WHEN 1 THEN 'INVALID_LINE' WHEN 2 THEN 'OPTION_UNAVAILABLE' ELSE 'BOULE_BLOCKED' END,
      CASE x.problem WHEN 1 THEN format('Ligne %s : pari invalide.', x.pos)
                     WHEN 2 THEN format('Ligne %s : %s n’est pas disponible.', x.pos, x.info)
                     ELSE format('Ligne %s : la boule %s est bloquée pour %s.', x.pos, x.info, x.tirage_name) END,
      jsonb_build_object('line', x.pos));
  END IF;

  v_total := v_line_total * array_length(v_tirages, 1);
  -- Commission per draw (rounded half up), the ticket's is their sum: every total adds up exactly.
  v_comm_draw := (v_line_total * a.commission_bp + 5000) / 10000;
  v_comm := v_comm_draw * array_length(v_tirages, 1);
  SELECT (SELECT max_amount FROM limite_fiches
           WHERE company_id = v_company AND (agent_id = v_agent OR agent_id IS NULL) AND status = 'active'
           ORDER BY agent_id NULLS LAST LIMIT 1) AS ticket_limit,
         (SELECT coalesce(max(im.count), 0) FROM interval_mas im
           WHERE im.company_id = v_company AND im.status = 'active'
             AND v_line_total >= im.min_amount AND (im.max_amount IS NULL OR v_line_total <= im.max_amount)) AS free_n
    INTO x;
  IF x.ticket_limit IS NOT NULL AND v_total > x.ticket_limit THEN
    PERFORM borlette_fail(409, 'TICKET_LIMIT',
      format('La fiche dépasse la limite de %s %s (total %s %s).', borlette_money(x.ticket_limit), a.currency,
             borlette_money(v_total), a.currency),
      jsonb_build_object('limit', x.ticket_limit, 'total', v_total));
  END IF;
  v_free_n := x.free_n;

  -- Free mariages per draw (its blocked balls may differ): the caller's random candidates in order,
  -- skipping blocked balls and pairs already played; too few usable ones: any allowed pair at random.
  IF v_free_n > 0 THEN
    FOREACH v_tid IN ARRAY v_tirages LOOP
      SELECT array_agg(c.pair ORDER BY c.ord) INTO v_pairs FROM (
        SELECT f.pair, f.ord FROM jsonb_array_elements_text(p -> 'free') WITH ORDINALITY AS f(pair, ord)
         WHERE f.pair ~ '^\d{2}\*\d{2}$' AND left(f.pair, 2) < right(f.pair, 2)
           AND NOT (f.pair = ANY (v_numbers))
           AND NOT EXISTS (SELECT 1 FROM boule_blocks b
                            WHERE b.company_id = v_company AND b.active
                              AND (b.tirage_id IS NULL OR b.tirage_id = v_tid)
                              AND b.number IN (left(f.pair, 2), right(f.pair, 2), f.pair))
         ORDER BY f.ord LIMIT v_free_n) c;
      IF coalesce(array_length(v_pairs, 1), 0) < v_free_n THEN
        SELECT array_agg(q.pair) INTO v_pairs FROM (
          SELECT pr.pair
            FROM generate_series(0, 98) i, generate_series(1, 99) j,
                 LATERAL (SELECT lpad(i::text, 2, '0') || '*' || lpad(j::text, 2, '0') AS pair) pr
           WHERE i < j
             AND NOT (pr.pair = ANY (v_numbers))
             AND NOT EXISTS (SELECT 1 FROM boule_blocks b
                              WHERE b.company_id = v_company AND b.active
                                AND (b.tirage_id IS NULL OR b.tirage_id = v_tid)
                                AND b.number IN (lpad(i::text, 2, '0'), lpad(j::text, 2, '0'), pr.pair))
           ORDER BY random() LIMIT v_free_n) q;
      END IF;
      v_free_t := v_free_t || array_fill(v_tid, ARRAY[coalesce(array_length(v_pairs, 1), 0)]);
      v_free_num := v_free_num || coalesce(v_pairs, '{}');
    END LOOP;
  END IF;

  -- The ticket, its draws and its lines with the prime snapshot (agent > surcussale > tirage >
  -- general), in one statement. A concurrent twin with the same key waits on the key, then finds it.
  v_number := nextval('fiche_number_seq');
  v_number := v_number * 10 + borlette_luhn(v_number);
  WITH f AS (
    INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash,
                        sale_date, amount, commission_bp, commission_amount)
    VALUES (v_company, v_number, p ->> 'ref_code', v_agent, a.surcussale_id, v_key, v_hash, v_date, v_total,
            a.commission_bp, v_comm)
    ON CONFLICT (company_id, idempotency_key) DO NOTHING
    RETURNING id
  ), ft AS (
    INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount)
    SELECT v_company, f.id, t, v_date, v_line_total, v_comm_draw FROM f, unnest(v_tirages) t
  ), w AS (
    -- The ledger: what the agent now owes for this ticket (sales − commission).
    INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date)
    SELECT v_company, v_agent, 'sale', v_total - v_comm, v_total, v_comm, f.id, v_date FROM f
  ), sd AS (
    INSERT INTO stats_agent_draw_day AS s (company_id, business_date, tirage_id, agent_id, surcussale_id, tickets,
                                           sales, commission)
    SELECT v_company, v_date, t, v_agent, a.surcussale_id, 1, v_line_total, v_comm_draw
      FROM f, unnest(v_tirages) t ORDER BY t
    ON CONFLICT (company_id, business_date, tirage_id, agent_id) DO UPDATE
      SET tickets = s.tickets + 1, sales = s.sales + EXCLUDED.sales, commission = s.commission + EXCLUDED.commission
  ), sa AS (
    INSERT INTO stats_agent_day AS s (company_id, business_date, agent_id, surcussale_id, tickets, sales, commission)
    SELECT v_company, v_date, v_agent, a.surcussale_id, 1, v_total, v_comm FROM f
    ON CONFLICT (company_id, business_date, agent_id) DO UPDATE
      SET tickets = s.tickets + 1, sales = s.sales + EXCLUDED.sales, commission = s.commission + EXCLUDED.commission
  ), pl AS (
    INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake,
                             prime1, prime2, prime3, template, cumulative)
    SELECT v_company, f.id, pr.tirage_id, v_date, l.pos, l.code, l.number, l.stake,
           CASE l.code WHEN 20 THEN pr.bolet_1 WHEN 40 THEN pr.mariage WHEN 30 THEN pr.loto3
                       WHEN 41 THEN pr.loto4_o1 WHEN 42 THEN pr.loto4_o2 WHEN 43 THEN pr.loto4_o3
                       WHEN 51 THEN pr.loto5_o1 WHEN 52 THEN pr.loto5_o2 WHEN 53 THEN pr.loto5_o3 END,
           CASE WHEN l.code = 20 THEN pr.bolet_2 END,
           CASE WHEN l.code = 20 THEN pr.bolet_3 END,
           CASE WHEN l.code >= 41 THEN (
             SELECT string_agg('{' || m.part || '}', '' ORDER BY m.ord)
               FROM lotto_options o, unnest(o.mapping) WITH ORDINALITY AS m(part, ord)
              WHERE o.company_id = v_company AND o.code = l.code) END,
           a.bolet_cumulative
      FROM f
     CROSS JOIN unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
     CROSS JOIN (
       SELECT sel.id AS tirage_id,
              coalesce(pa.bolet_1, ps.bolet_1, pt.bolet_1, g.bolet_1) AS bolet_1,
              coalesce(pa.bolet_2, ps.bolet_2, pt.bolet_2, g.bolet_2) AS bolet_2,
              coalesce(pa.bolet_3, ps.bolet_3, pt.bolet_3, g.bolet_3) AS bolet_3,
              coalesce(pa.mariage, ps.mariage, pt.mariage, g.mariage) AS mariage,
              coalesce(pa.loto3, ps.loto3, pt.loto3, g.loto3) AS loto3,
              coalesce(pa.loto4_o1, ps.loto4_o1, pt.loto4_o1, g.loto4_o1) AS loto4_o1,
              coalesce(pa.loto4_o2, ps.loto4_o2, pt.loto4_o2, g.loto4_o2) AS loto4_o2,
              coalesce(pa.loto4_o3, ps.loto4_o3, pt.loto4_o3, g.loto4_o3) AS loto4_o3,
              coalesce(pa.loto5_o1, ps.loto5_o1, pt.loto5_o1, g.loto5_o1) AS loto5_o1,
              coalesce(pa.loto5_o2, ps.loto5_o2, pt.loto5_o2, g.loto5_o2) AS loto5_o2,
              coalesce(pa.loto5_o3, ps.loto5_o3, pt.loto5_o3, g.loto5_o3) AS loto5_o3
         FROM unnest(v_tirages) AS sel(id)
         JOIN primes g ON g.company_id = v_company AND g.level = 'general'
         LEFT JOIN primes pt ON pt.company_id = v_company AND pt.level = 'tirage' AND pt.tirage_id = sel.id
         LEFT JOIN primes ps ON ps.company_id = v_company AND ps.level = 'surcussale'
                            AND ps.surcussale_id = a.surcussale_id
         LEFT JOIN primes pa ON pa.company_id = v_company AND pa.level = 'agent' AND pa.agent_id = v_agent
     ) pr
  ), fl AS (
    INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1,
                             cumulative)
    SELECT v_company, f.id, fr.tirage_id, v_date,
           v_nlines + row_number() OVER (PARTITION BY fr.tirage_id ORDER BY fr.k), 44, fr.number, 0,
           a.free_mariage_amount, a.bolet_cumulative
      FROM f, unnest(v_free_t, v_free_num) WITH ORDINALITY AS fr(tirage_id, number, k)
  )
  SELECT id INTO v_fiche FROM f;
  IF v_fiche IS NULL THEN
    SELECT id, agent_id = v_agent AND request_hash = v_hash AS same_request INTO x FROM fiches
     WHERE company_id = v_company AND idempotency_key = v_key;
    IF NOT x.same_request THEN
      PERFORM borlette_fail(409, 'IDEMPOTENCY_CONFLICT',
        'Cette clé de vente a déjà servi pour une autre fiche. Recommencez la vente.');
    END IF;
    RETURN borlette_fiche_json(x.id) || '{"replayed": true}'::jsonb;
  END IF;

  -- The limit counters last: their row locks are held only until the commit that follows.
  -- (The ticket's answer is read first, for the same reason.)
  v_answer := borlette_fiche_json(v_fiche) || '{"replayed": false}'::jsonb;
  PERFORM borlette_apply_counts(v_company, v_agent, v_date, g.tirages, g.codes, g.numbers, g.amounts, g.positions,
                                1, true)
     FROM (
       SELECT array_agg(t) AS tirages, array_agg(code) AS codes, array_agg(number) AS numbers,
              array_agg(amount) AS amounts, array_agg(position) AS positions
         FROM (
           SELECT t, l.code, l.number, sum(l.stake)::bigint AS amount, min(l.pos)::int AS position
             FROM unnest(v_tirages) t,
                  unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
            GROUP BY t, l.code, l.number
         ) grouped
     ) g;
  RETURN v_answer;
END $$;
--> statement-breakpoint

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
--> statement-breakpoint

-- Pays a winning ticket once (NULL: someone paid it first or it may not be paid): the ticket, one
-- fiche_payments row per draw that won, the paying agent's ledger entry (payout) and the summaries of
-- the paying day (payouts are counted where and when the cash left).
CREATE OR REPLACE FUNCTION borlette_pay(p_company bigint, p_fiche bigint, p_agent bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_paid bigint;
  v_surc bigint;
  v_date date;
BEGIN
  SELECT u.surcussale_id, (now() AT TIME ZONE c.timezone)::date INTO v_surc, v_date
    FROM users u JOIN companies c ON c.id = u.company_id
   WHERE u.id = p_agent AND u.company_id = p_company;
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
--> statement-breakpoint

-- A confirmed correction undid a paid ticket's payment: the ticket is payable again; reversing rows
-- mirror what was paid per draw; the agent who paid owes it back (payout_reversal, today); today's
-- summaries of that agent lose the payout. Audited.
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
  WITH parts AS (
    SELECT tirage_id, sum(amount)::bigint AS amount FROM fiche_payments
     WHERE company_id = p_company AND fiche_id = p_fiche
     GROUP BY tirage_id HAVING sum(amount) <> 0
  ), fp AS (
    INSERT INTO fiche_payments (company_id, fiche_id, kind, tirage_id, amount, actor_id, agent_id, surcussale_id)
    SELECT p_company, p_fiche, 'reversal', tirage_id, -amount, p_actor, v.agent_id, v.surcussale_id FROM parts
  ), we AS (
    INSERT INTO wallet_entries (company_id, agent_id, kind, amount, fiche_id, business_date, actor_id)
    SELECT p_company, v.agent_id, 'payout_reversal', v.paid, p_fiche, v.day, p_actor WHERE v.agent_id IS NOT NULL
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
  INSERT INTO audit_log (company_id, user_id, action, entity, entity_id, after)
  VALUES (p_company, p_actor, 'payment_reversed', 'fiche', p_fiche::text, jsonb_build_object('amount', v.paid));
END $$;
--> statement-breakpoint

-- Settles one company draw on one date against its result in force (none: every win back to 0).
-- Set-based: every line of the draw is evaluated in one pass; only lines whose win changes are
-- written (winners on a first settlement). A change on a paid ticket is refused (PAID_TICKETS)
-- unless p_allow_paid: then the payment is reversed (fiche_payments 'reversal') and it may be paid again.
CREATE OR REPLACE FUNCTION borlette_settle(p_company bigint, p_tirage bigint, p_date date, p_actor bigint,
                                           p_allow_paid boolean)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_paid int;
  v_reversed int := 0;
  v_changed int;
  v_result jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(727100, borlette_lock_key(p_tirage));
  SELECT i.lot1, i.lot2, i.lot3, i.pick3, i.pick4 INTO r FROM info_tirages i
   WHERE i.company_id = p_company AND i.tirage_id = p_tirage AND i.draw_date = p_date;

  IF to_regclass('pg_temp.borlette_changed') IS NULL THEN
    CREATE TEMP TABLE borlette_changed (id bigint, fiche_id bigint, old bigint, win bigint) ON COMMIT DELETE ROWS;
  END IF;
  DELETE FROM borlette_changed;
  INSERT INTO borlette_changed
  SELECT c.id, c.fiche_id, c.old, CASE WHEN f.status = 'active' THEN c.win ELSE 0 END
    FROM (
      SELECT l.id, l.fiche_id, l.win_amount AS old,
             CASE WHEN r.lot1 IS NULL THEN 0 ELSE CASE l.code
               WHEN 20 THEN CASE WHEN l.cumulative THEN
                   (CASE WHEN l.number = r.lot1 THEN l.stake * l.prime1 ELSE 0 END)
                 + (CASE WHEN l.number = r.lot2 THEN l.stake * l.prime2 ELSE 0 END)
                 + (CASE WHEN l.number = r.lot3 THEN l.stake * l.prime3 ELSE 0 END)
                 ELSE greatest(CASE WHEN l.number = r.lot1 THEN l.stake * l.prime1 ELSE 0 END,
                               CASE WHEN l.number = r.lot2 THEN l.stake * l.prime2 ELSE 0 END,
                               CASE WHEN l.number = r.lot3 THEN l.stake * l.prime3 ELSE 0 END) END
               WHEN 40 THEN CASE WHEN left(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND right(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND (left(l.number, 2) <> right(l.number, 2)
                                       OR (r.lot1 = left(l.number, 2))::int + (r.lot2 = left(l.number, 2))::int
                                          + (r.lot3 = left(l.number, 2))::int >= 2)
                                THEN l.stake * l.prime1 ELSE 0 END
               WHEN 44 THEN CASE WHEN left(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND right(l.number, 2) IN (r.lot1, r.lot2, r.lot3)
                                  AND (left(l.number, 2) <> right(l.number, 2)
                                       OR (r.lot1 = left(l.number, 2))::int + (r.lot2 = left(l.number, 2))::int
                                          + (r.lot3 = left(l.number, 2))::int >= 2)
                                THEN l.prime1 ELSE 0 END
               WHEN 30 THEN CASE WHEN l.number = r.pick3 THEN l.stake * l.prime1 ELSE 0 END
               ELSE CASE WHEN l.number = replace(replace(replace(replace(replace(replace(l.template,
                                  '{pick3}', r.pick3), '{pick4}', r.pick4), '{lot1LastDigit}', right(r.lot1, 1)),
                                  '{lot1}', r.lot1), '{lot2}', r.lot2), '{lot3}', r.lot3)
                         THEN l.stake * l.prime1 ELSE 0 END
             END END AS win
        FROM fiche_lines l
       WHERE l.company_id = p_company AND l.tirage_id = p_tirage AND l.draw_date = p_date
    ) c
    JOIN fiches f ON f.id = c.fiche_id
   WHERE c.win > 0 OR c.old > 0;
  DELETE FROM borlette_changed WHERE win = old;
  SELECT count(*) INTO v_changed FROM borlette_changed;

  SELECT count(DISTINCT ch.fiche_id) INTO v_paid
    FROM borlette_changed ch JOIN fiches f ON f.id = ch.fiche_id
   WHERE f.paid_at IS NOT NULL;
  IF v_paid > 0 THEN
    IF NOT p_allow_paid THEN
      PERFORM borlette_fail(409, 'PAID_TICKETS',
        format('%s fiche(s) déjà payée(s) changeraient de gain. Confirmez pour continuer : leurs paiements seront annulés (l’annulation est enregistrée).', v_paid),
        jsonb_build_object('paid', v_paid));
    END IF;
    PERFORM borlette_reverse_payment(p_company, x.fiche_id, p_actor)
       FROM (SELECT DISTINCT ch.fiche_id FROM borlette_changed ch JOIN fiches f ON f.id = ch.fiche_id
              WHERE f.paid_at IS NOT NULL ORDER BY ch.fiche_id) x;
    v_reversed := v_paid;
  END IF;

  IF v_changed > 0 THEN
    UPDATE fiche_lines l SET win_amount = ch.win FROM borlette_changed ch WHERE l.id = ch.id;
    -- The ticket's draw, the ticket, and the summaries of its sale day move by the same difference.
    WITH d AS (
      SELECT fiche_id, sum(win - old) AS delta FROM borlette_changed GROUP BY fiche_id
    ), ft AS (
      UPDATE fiche_tirages ft SET win_amount = ft.win_amount + d.delta FROM d
       WHERE ft.company_id = p_company AND ft.fiche_id = d.fiche_id AND ft.tirage_id = p_tirage
      RETURNING ft.fiche_id, ft.win_amount - d.delta AS old_win, ft.win_amount AS new_win
    ), fi AS (
      UPDATE fiches f SET win_amount = f.win_amount + d.delta FROM d WHERE f.id = d.fiche_id
      RETURNING f.id, f.agent_id, f.sale_date, f.win_amount - d.delta AS old_win, f.win_amount AS new_win
    ), sd AS (
      UPDATE stats_agent_draw_day s SET wins = s.wins + x.delta, winners = s.winners + x.wd
        FROM (SELECT fi.sale_date, fi.agent_id, sum(ft.new_win - ft.old_win) AS delta,
                     sum((ft.new_win > 0)::int - (ft.old_win > 0)::int) AS wd
                FROM ft JOIN fi ON fi.id = ft.fiche_id
               GROUP BY fi.sale_date, fi.agent_id) x
       WHERE s.company_id = p_company AND s.business_date = x.sale_date AND s.tirage_id = p_tirage
         AND s.agent_id = x.agent_id
    )
    UPDATE stats_agent_day s SET wins = s.wins + x.delta, winners = s.winners + x.wd
      FROM (SELECT sale_date, agent_id, sum(new_win - old_win) AS delta,
                   sum((new_win > 0)::int - (old_win > 0)::int) AS wd
              FROM fi GROUP BY sale_date, agent_id) x
     WHERE s.company_id = p_company AND s.business_date = x.sale_date AND s.agent_id = x.agent_id;
  END IF;

  UPDATE info_tirages SET settled_at = now()
   WHERE company_id = p_company AND tirage_id = p_tirage AND draw_date = p_date;

  SELECT jsonb_build_object('winners', count(*) FILTER (WHERE ft.win_amount > 0),
                            'win_amount', coalesce(sum(ft.win_amount), 0),
                            'tickets', count(*),
                            'changed_lines', v_changed,
                            'reversed', v_reversed)
    INTO v_result
    FROM fiche_tirages ft
   WHERE ft.company_id = p_company AND ft.tirage_id = p_tirage AND ft.draw_date = p_date;
  RETURN v_result;
END $$;
--> statement-breakpoint

-- Generic plans for the engine's statements (keyed lookups whose best plan does not depend on the
-- values): with the default, PostgreSQL may keep re-planning a statement at every call — measured
-- on the sale, planning was the largest part of the database's CPU under load.
-- Set on the entry points only: the functions they call run under the same setting.
ALTER FUNCTION borlette_sell(jsonb) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION borlette_count(bigint, bigint, int, boolean) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION borlette_settle(bigint, bigint, date, bigint, boolean) SET plan_cache_mode = force_generic_plan;

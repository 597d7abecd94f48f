-- The sale, all or nothing, in one round trip. p: { company_id, agent_id, session_id?, terminal_id?, key, hash, ref_code,
-- tirages: [id], lines: [{code, number, stake, pos}] (validated and normalised by the caller),
-- free: ['aa*bb', …] (random candidates drawn by the caller, used in order) }.
-- Answers the ticket (borlette_fiche_json's view), with "replayed": true when the key was already used.
-- Few statements on purpose: each statement of a function costs its executor start-up, and the sale
-- is the hot path (the request, the seller and the ticket's bounds are one read; the inserts and the
-- answer are one statement; the counters and day sums are one: docs/notes-sqlperf.md).
-- The ticket's problems are collected and raised together at the end (borlette_fail_all).
CREATE OR REPLACE FUNCTION borlette_sell(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_company bigint := (p ->> 'company_id')::bigint;
  v_agent bigint := (p ->> 'agent_id')::bigint;
  v_key text := p ->> 'key';
  v_hash text := p ->> 'hash';
  a record;
  v_refusal jsonb;
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
  v_max_stake bigint;
  v_payout numeric;
  v_problems jsonb := '[]';
  v_names text[];
  v_owed bigint;
  -- The lines grouped per (draw, game, number) for the counters, with their exposure sums (migration 0033).
  v_g_tirages bigint[];
  v_g_codes int[];
  v_g_numbers text[];
  v_g_amounts bigint[];
  v_g_positions int[];
  v_g_lot1 bigint[];
  v_g_lot2 bigint[];
  v_g_lot3 bigint[];
  v_g_payout bigint[];
BEGIN
  -- The seller, its branch, its company and settings, a ticket already sold with this key, the request
  -- (the draws sorted and distinct, the lines in their order), the ticket limit and the free mariages the
  -- lines' total earns: one read.
  SELECT u.status, u.surcussale_id, coalesce(u.commission_bp, cs.commission_bp) AS commission_bp,
         c.status AS company_status, c.timezone, c.currency, s.status AS surcussale_status, s.name AS surcussale_name,
         cs.free_mariage_amount, cs.bolet_cumulative, e.id AS existing_id,
         -- The company's bounds, never above the platform's (PLATFORM_CEILINGS).
         least(cs.ticket_max_lines, 100) AS max_lines, least(cs.ticket_max_draws, 20) AS max_draws,
         least(cs.line_max_stake, 1000000000) AS max_stake, least(cs.ticket_max_payout, 1000000000000) AS max_payout,
         e.agent_id = u.id AND e.request_hash = v_hash AS same_request,
         (SELECT min(i.due_date) FROM invoices i
           WHERE i.company_id = u.company_id AND i.status = 'unpaid'
             AND i.due_date + cs.billing_grace_days < (now() AT TIME ZONE c.timezone)::date) AS unpaid_since,
         r.tirages, r.codes, r.numbers, r.stakes, r.nlines, r.line_total,
         (SELECT lf.max_amount FROM limite_fiches lf
           WHERE lf.company_id = v_company AND (lf.agent_id = v_agent OR lf.agent_id IS NULL) AND lf.status = 'active'
           ORDER BY lf.agent_id NULLS LAST LIMIT 1) AS ticket_limit,
         (SELECT coalesce(max(im.count), 0) FROM interval_mas im
           WHERE im.company_id = v_company AND im.status = 'active'
             AND r.line_total >= im.min_amount AND (im.max_amount IS NULL OR r.line_total <= im.max_amount)) AS free_n,
         -- For the answer (the ticket's view, as borlette_fiche_json reads it).
         trim(u.first_name || ' ' || u.last_name) AS agent_name, c.name AS company_name, c.logo AS company_logo,
         cs.payout_validity_days, cs.cancel_window_minutes,
         -- Commission per game (issue 20): agent > surcussale > company level, else the single rate.
         coalesce(cr.bolet, u.commission_bp, cs.commission_bp) AS cb_bolet,
         coalesce(cr.mariage, u.commission_bp, cs.commission_bp) AS cb_mariage,
         coalesce(cr.loto3, u.commission_bp, cs.commission_bp) AS cb_loto3,
         coalesce(cr.loto4, u.commission_bp, cs.commission_bp) AS cb_loto4,
         coalesce(cr.loto5, u.commission_bp, cs.commission_bp) AS cb_loto5,
         -- Credit (issue 20): the ceiling on what the agent owes (prepaid: 0; null: no ceiling, no check).
         CASE WHEN coalesce(u.credit_mode, cs.credit_mode) = 'prepaid' THEN 0
              ELSE coalesce(u.credit_limit, cs.credit_limit) END AS credit_ceiling,
         -- Automatic limit rules (issue 22 §2): evaluated only when one is on.
         EXISTS (SELECT 1 FROM risk_rules rr WHERE rr.company_id = v_company
                    AND (rr.share_on OR rr.late_on OR rr.date_on OR rr.digit_on)) AS rules_on,
         -- The session's device (issue 20), shared-locked: a revocation (its UPDATE) waits for this sale,
         -- and a sale arriving during a revocation waits for it and reads « revoked ». The caller's check
         -- read the state with the session, before this transaction: alone it let a sale in after a revocation.
         (SELECT tm.state FROM terminals tm
           WHERE tm.company_id = v_company AND tm.id = (p ->> 'terminal_id')::bigint FOR SHARE) AS terminal_state,
         -- The session (issue 19): the route may take it from its memory (http/session-cache.ts), so the
         -- sale checks here, in its own snapshot, that it was neither revoked (sign-out) nor expired.
         (SELECT ss.revoked_at IS NULL AND ss.expires_at > now() FROM sessions ss
           WHERE ss.id = (p ->> 'session_id')::bigint AND ss.user_id = v_agent) AS session_ok
    INTO a
    FROM users u
    JOIN companies c ON c.id = u.company_id
    JOIN company_settings cs ON cs.company_id = c.id
    LEFT JOIN surcussales s ON s.id = u.surcussale_id AND s.company_id = u.company_id
    LEFT JOIN fiches e ON e.company_id = u.company_id AND e.idempotency_key = v_key
   CROSS JOIN (
     SELECT (SELECT array_agg(DISTINCT tj.v::bigint ORDER BY tj.v::bigint)
               FROM jsonb_array_elements_text(p -> 'tirages') tj(v)) AS tirages,
            array_agg(l.code ORDER BY l.pos) AS codes, array_agg(l.number ORDER BY l.pos) AS numbers,
            array_agg(l.stake ORDER BY l.pos) AS stakes, count(*)::int AS nlines, sum(l.stake)::bigint AS line_total
       FROM jsonb_to_recordset(p -> 'lines') AS l(code int, number text, stake bigint, pos int)
   ) r
    LEFT JOIN LATERAL borlette_commission_rates(v_company, v_agent, u.surcussale_id) cr ON true
   WHERE u.id = v_agent AND u.company_id = v_company AND u.role = 'agent';
  IF NOT FOUND THEN
    PERFORM borlette_fail(403, 'NOT_AN_AGENT', 'Seul un vendeur de la compagnie peut vendre une fiche.');
  END IF;
  v_refusal := borlette_session_refusal(p ? 'session_id', a.session_ok, a.terminal_state);
  IF v_refusal IS NOT NULL THEN
    PERFORM borlette_fail((v_refusal ->> 'status')::int, v_refusal ->> 'code', v_refusal ->> 'message');
  END IF;
  -- A retried sale: the same ticket, never a second one.
  IF a.existing_id IS NOT NULL THEN
    IF NOT a.same_request THEN
      PERFORM borlette_fail(409, 'IDEMPOTENCY_CONFLICT',
        'Cette clé de vente a déjà servi pour une autre fiche. Recommencez la vente.');
    END IF;
    RETURN borlette_fiche_json(a.existing_id) || '{"replayed": true}'::jsonb;
  END IF;
  v_refusal := borlette_seller_refusal(a.company_status, a.unpaid_since, a.status, a.surcussale_status,
                                       a.surcussale_name);
  IF v_refusal IS NOT NULL THEN
    PERFORM borlette_fail((v_refusal ->> 'status')::int, v_refusal ->> 'code', v_refusal ->> 'message');
  END IF;

  v_tirages := a.tirages;
  v_codes := a.codes;
  v_numbers := a.numbers;
  v_stakes := a.stakes;
  v_nlines := a.nlines;
  v_line_total := a.line_total;
  IF v_tirages IS NULL THEN PERFORM borlette_fail(400, 'NO_DRAW', 'Choisissez au moins un tirage.'); END IF;
  IF v_nlines = 0 THEN PERFORM borlette_fail(400, 'NO_LINE', 'La fiche ne contient aucun pari.'); END IF;
  IF v_nlines > a.max_lines THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_MAX_LINES',
      'message', format('La fiche dépasse %s paris (maximum de la compagnie).', a.max_lines),
      'max', a.max_lines, 'lines', v_nlines);
  END IF;
  IF array_length(v_tirages, 1) > a.max_draws THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_MAX_DRAWS',
      'message', format('La fiche dépasse %s tirages (maximum de la compagnie).', a.max_draws),
      'max', a.max_draws, 'draws', array_length(v_tirages, 1));
  END IF;
  v_max_stake := a.max_stake;

  -- The draws, locked (shared, in one order: results take the lock exclusively), then each must sell now:
  -- a draw of another company stops the sale at once (404); every closed draw is a problem.
  PERFORM borlette_lock_draws(v_tirages, false);
  SELECT min(u.id) FILTER (WHERE t.id IS NULL) AS unknown,
         jsonb_agg(jsonb_build_object('status', 409, 'code', 'TIRAGE_CLOSED', 'message',
           borlette_closed_message(st.reason, t.name, a.timezone, st.opens_at, st.closes_at, st.draw_at),
           'tirage_id', u.id, 'reason', st.reason) ORDER BY u.o) FILTER (WHERE t.id IS NOT NULL AND st.reason IS NOT NULL)
           AS closed,
         array_agg(t.name ORDER BY u.o) AS names
    INTO x
    FROM unnest(v_tirages) WITH ORDINALITY AS u(id, o)
    LEFT JOIN tirages t ON t.id = u.id AND t.company_id = v_company
    LEFT JOIN LATERAL borlette_tirage_state(u.id) st ON true;
  IF x.unknown IS NOT NULL THEN
    PERFORM borlette_fail(404, 'TIRAGE_NOT_FOUND', 'Tirage introuvable.', jsonb_build_object('tirage_id', x.unknown));
  END IF;
  IF x.closed IS NOT NULL THEN
    v_problems := v_problems || x.closed;
  END IF;
  v_names := x.names;
  v_date := (now() AT TIME ZONE a.timezone)::date;

  -- The lines: well formed (checked again here), options offered, stakes under the maximum, numbers
  -- not blocked (a ball blocked on several draws: one problem naming them); every problem in the
  -- ticket's order. A malformed line stops the sale here (nothing sane to write). Then the ticket
  -- limit and the free mariages it earns.
  SELECT lp.problems, lp.malformed,
         -- A draw part's commission: the sum of its lines' (each stake × its game's rate, half up).
         (SELECT sum((l.stake * CASE WHEN l.code = 20 THEN a.cb_bolet WHEN l.code = 40 THEN a.cb_mariage
                                     WHEN l.code = 30 THEN a.cb_loto3 WHEN l.code BETWEEN 41 AND 43 THEN a.cb_loto4
                                     WHEN l.code BETWEEN 51 AND 53 THEN a.cb_loto5 ELSE 0 END + 5000) / 10000)::bigint
            FROM unnest(v_codes, v_stakes) AS l(code, stake)) AS comm_draw
    INTO x
    FROM borlette_line_problems(v_company, v_tirages, v_codes, v_numbers, v_stakes, v_max_stake, a.currency) lp;
  IF x.problems IS NOT NULL THEN
    v_problems := v_problems || x.problems;
    IF x.malformed THEN
      PERFORM borlette_fail_all(v_problems);
    END IF;
  END IF;
  v_comm_draw := x.comm_draw;

  v_total := v_line_total * array_length(v_tirages, 1);
  -- Commission per line (rounded half up, above); a draw part's is its lines', the ticket's their sum.
  v_comm := v_comm_draw * array_length(v_tirages, 1);
  IF a.ticket_limit IS NOT NULL AND v_total > a.ticket_limit THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_LIMIT',
      'message', format('La fiche dépasse la limite de %s %s (total %s %s).', borlette_money(a.ticket_limit),
                        a.currency, borlette_money(v_total), a.currency),
      'limit', a.ticket_limit, 'total', v_total);
  END IF;
  v_free_n := a.free_n;

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
  -- A ticket already refused takes no number from the company's sequence (no gap in the numbers):
  -- a placeholder that no other open transaction holds (it is never committed).
  IF jsonb_array_length(v_problems) = 0 THEN
    v_number := nextval(borlette_number_seq(v_company)::regclass);
    v_number := v_number * 10 + borlette_luhn(v_number);
  ELSE
    v_number := -pg_backend_pid();
  END IF;
  -- The engine's own statements write the day rows themselves: the ledger's and the counters' triggers
  -- are not called (their WHEN); set back by borlette_add_counts, or below, or by the refusal's rollback.
  PERFORM set_config('borlette.counting', 'on', true);
  WITH f AS (
    INSERT INTO fiches (company_id, number, ref_code, agent_id, surcussale_id, idempotency_key, request_hash,
                        sale_date, amount, commission_bp, commission_amount)
    VALUES (v_company, v_number, p ->> 'ref_code', v_agent, a.surcussale_id, v_key, v_hash, v_date, v_total,
            a.commission_bp, v_comm)
    ON CONFLICT (company_id, idempotency_key) DO NOTHING
    RETURNING id, number, ref_code, sold_at, sale_date, status, blocked, amount, commission_amount, win_amount,
              paid_at, paid_amount, print_count
  ), ft AS (
    INSERT INTO fiche_tirages (company_id, fiche_id, tirage_id, draw_date, amount, commission_amount)
    SELECT v_company, f.id, t, v_date, v_line_total, v_comm_draw FROM f, unnest(v_tirages) t
    RETURNING tirage_id, draw_date, amount, win_amount
  ), w AS (
    -- The ledger: what the agent now owes for this ticket (sales − commission); its day row below (the
    -- ledger's trigger is not called: borlette.counting is on).
    INSERT INTO wallet_entries (company_id, agent_id, kind, amount, gross, commission, fiche_id, business_date)
    SELECT v_company, v_agent, 'sale', v_total - v_comm, v_total, v_comm, f.id, v_date FROM f
  ), wd AS (
    -- The agent's rows in the order borlette_book_ticket takes them (ledger day, then the summaries per
    -- draw, then per day): each statement reads the one before, so it runs after it.
    INSERT INTO wallet_agent_day AS d (company_id, agent_id, business_date, total, entries)
    SELECT v_company, v_agent, v_date, v_total - v_comm, 1 FROM f
    ON CONFLICT (company_id, agent_id, business_date) DO UPDATE
      SET total = d.total + excluded.total, entries = d.entries + 1
    RETURNING 1 AS done
  ), sd AS (
    INSERT INTO stats_agent_draw_day AS s (company_id, business_date, tirage_id, agent_id, surcussale_id, tickets,
                                           sales, commission)
    SELECT v_company, v_date, t, v_agent, a.surcussale_id, 1, v_line_total, v_comm_draw
      FROM f, wd, unnest(v_tirages) t ORDER BY t
    ON CONFLICT (company_id, business_date, tirage_id, agent_id) DO UPDATE
      SET tickets = s.tickets + 1, sales = s.sales + EXCLUDED.sales, commission = s.commission + EXCLUDED.commission
    RETURNING 1 AS done
  ), sa AS (
    INSERT INTO stats_agent_day AS s (company_id, business_date, agent_id, surcussale_id, tickets, sales, commission)
    SELECT v_company, v_date, v_agent, a.surcussale_id, 1, v_total, v_comm FROM f
     WHERE (SELECT count(*) FROM sd) > 0
    ON CONFLICT (company_id, business_date, agent_id) DO UPDATE
      SET tickets = s.tickets + 1, sales = s.sales + EXCLUDED.sales, commission = s.commission + EXCLUDED.commission
  ), pl AS (
    INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake,
                             prime1, prime2, prime3, template, cumulative, commission_bp, commission_amount)
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
           a.bolet_cumulative, l.bp, (l.stake * l.bp + 5000) / 10000
      FROM f
     CROSS JOIN (
       -- Each line with its game's rate (the same expression as the draw part's commission above).
       SELECT u.code, u.number, u.stake, u.pos,
              CASE WHEN u.code = 20 THEN a.cb_bolet WHEN u.code = 40 THEN a.cb_mariage WHEN u.code = 30 THEN a.cb_loto3
                   WHEN u.code BETWEEN 41 AND 43 THEN a.cb_loto4 WHEN u.code BETWEEN 51 AND 53 THEN a.cb_loto5
                   ELSE 0 END AS bp
         FROM unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS u(code, number, stake, pos)) l
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
    RETURNING tirage_id, position, code, number, stake, prime1, prime2, prime3, cumulative, win_amount
  ), fl AS (
    INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1,
                             cumulative, commission_amount)
    SELECT v_company, f.id, fr.tirage_id, v_date,
           v_nlines + row_number() OVER (PARTITION BY fr.tirage_id ORDER BY fr.k), 44, fr.number, 0,
           a.free_mariage_amount, a.bolet_cumulative, 0
      FROM f, unnest(v_free_t, v_free_num) WITH ORDINALITY AS fr(tirage_id, number, k)
    RETURNING tirage_id, position, code, number, stake, prime1, win_amount
  )
  -- The potential payout, from the snapshot just written (game/potential-payout.ts): a bolet wins each
  -- lot it may hit when cumulative (the three lots can be the same number), else its best prime; the
  -- others their one prime; a free mariage its fixed amount.
  -- And the answer, built here from the rows just written instead of reading them again
  -- (borlette_fiche_json: the same view; db/sale-answer.api.test.ts holds them equal). A ticket that
  -- sells has a result on none of its draws (a draw with one is closed, and results wait on the draw
  -- lock the sale holds): every draw is pending.
  -- And the lines grouped per (draw, game, number) for the counters below, with the exposure board's sums
  -- from the snapshot just written (borlette_count groups a stored ticket's lines the same way).
  SELECT f.id,
         (SELECT coalesce(sum(CASE WHEN pl.code = 20 AND pl.cumulative
                                     THEN pl.stake::numeric * (pl.prime1::numeric + pl.prime2 + pl.prime3)
                                   WHEN pl.code = 20 THEN pl.stake::numeric * greatest(pl.prime1, pl.prime2, pl.prime3)
                                   ELSE pl.stake::numeric * pl.prime1 END), 0) FROM pl)
         + (SELECT coalesce(sum(fl.prime1), 0) FROM fl),
         CASE WHEN jsonb_array_length(v_problems) = 0 THEN jsonb_build_object(
           'id', f.id,
           'number', f.number,
           'ref_code', f.ref_code,
           'verification_code', borlette_fiche_code(f.ref_code),
           'sold_at', to_char(f.sold_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'sale_date', to_char(f.sale_date, 'YYYY-MM-DD'),
           'status', borlette_status_label(f.status, f.paid_at IS NOT NULL, true, f.win_amount),
           'blocked', f.blocked,
           'amount', f.amount,
           'commission_amount', f.commission_amount,
           'win_amount', f.win_amount,
           'paid_at', to_char(f.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'paid_amount', f.paid_amount,
           'expires_on', to_char(f.sale_date + a.payout_validity_days, 'YYYY-MM-DD'),
           'cancel_until', to_char((f.sold_at + make_interval(mins => a.cancel_window_minutes)) AT TIME ZONE 'UTC',
                                   'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'print_count', f.print_count,
           'agent_id', v_agent,
           'agent_name', a.agent_name,
           'surcussale_name', a.surcussale_name,
           'company_name', a.company_name,
           'company_logo', a.company_logo,
           'currency', a.currency,
           'timezone', a.timezone,
           'draws', (SELECT jsonb_agg(jsonb_build_object(
                              'tirage_id', ft.tirage_id, 'name', n.name, 'draw_date', to_char(ft.draw_date, 'YYYY-MM-DD'),
                              'amount', ft.amount, 'win_amount', ft.win_amount, 'status', 'en_attente', 'result', NULL,
                              'result_late', false)
                              ORDER BY n.name, ft.tirage_id)
                       FROM ft JOIN unnest(v_tirages, v_names) AS n(id, name) ON n.id = ft.tirage_id),
           'lines', (SELECT jsonb_agg(jsonb_build_object(
                              'tirage_id', l.tirage_id, 'position', l.position, 'code', l.code, 'number', l.number,
                              'stake', l.stake, 'free', l.code = 44, 'win_amount', l.win_amount)
                              ORDER BY l.tirage_id, l.position)
                       FROM (SELECT pl.tirage_id, pl.position, pl.code, pl.number, pl.stake, pl.win_amount FROM pl
                             UNION ALL
                             SELECT fl.tirage_id, fl.position, fl.code, fl.number, fl.stake, fl.win_amount FROM fl) l),
           'replayed', false) END,
         g.tirages, g.codes, g.numbers, g.amounts, g.positions, g.lot1, g.lot2, g.lot3, g.payout
    INTO v_fiche, v_payout, v_answer, v_g_tirages, v_g_codes, v_g_numbers, v_g_amounts, v_g_positions, v_g_lot1,
         v_g_lot2, v_g_lot3, v_g_payout
    FROM f
   CROSS JOIN LATERAL (
     SELECT array_agg(s.tirage_id) AS tirages, array_agg(s.code) AS codes, array_agg(s.number) AS numbers,
            array_agg(s.amount) AS amounts, array_agg(s.position) AS positions, array_agg(s.lot1) AS lot1,
            array_agg(s.lot2) AS lot2, array_agg(s.lot3) AS lot3, array_agg(s.payout) AS payout
       FROM (
         SELECT pl.tirage_id, pl.code::int AS code, pl.number, sum(pl.stake)::bigint AS amount,
                min(pl.position)::int AS position, sum(pl.stake * pl.prime1)::bigint AS lot1,
                sum(CASE WHEN pl.code = 20 THEN pl.stake * coalesce(pl.prime2, 0) ELSE 0 END)::bigint AS lot2,
                sum(CASE WHEN pl.code = 20 THEN pl.stake * coalesce(pl.prime3, 0) ELSE 0 END)::bigint AS lot3,
                sum(borlette_line_most(pl.code, pl.stake, pl.prime1, pl.prime2, pl.prime3, pl.cumulative))::bigint
                  AS payout
           FROM pl GROUP BY pl.tirage_id, pl.code, pl.number
       ) s
   ) g;
  IF v_fiche IS NULL THEN
    PERFORM set_config('borlette.counting', 'off', true);
    SELECT id, agent_id = v_agent AND request_hash = v_hash AS same_request INTO x FROM fiches
     WHERE company_id = v_company AND idempotency_key = v_key;
    IF NOT x.same_request THEN
      PERFORM borlette_fail(409, 'IDEMPOTENCY_CONFLICT',
        'Cette clé de vente a déjà servi pour une autre fiche. Recommencez la vente.');
    END IF;
    RETURN borlette_fiche_json(x.id) || '{"replayed": true}'::jsonb;
  END IF;
  -- Credit ceiling (issue 20 §2), checked after the write on purpose: the upsert of the agent's ledger day
  -- row above holds that row until the commit, so a parallel sale of this agent waits there and this read
  -- (a new snapshot) sums every committed entry and this sale's: exact, with no lock of its own (none to
  -- order). One read on wallet_agent_day's key; none without a ceiling.
  IF a.credit_ceiling IS NOT NULL THEN
    SELECT coalesce(sum(d.total), 0)::bigint INTO v_owed FROM wallet_agent_day d
     WHERE d.company_id = v_company AND d.agent_id = v_agent;
    IF v_owed > a.credit_ceiling THEN
      v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'CREDIT_LIMIT',
        'message', format('Plafond de crédit atteint : il reste %s %s.',
                          borlette_amount(greatest(a.credit_ceiling - (v_owed - (v_total - v_comm)), 0)), a.currency),
        'limit', a.credit_ceiling, 'remaining', greatest(a.credit_ceiling - (v_owed - (v_total - v_comm)), 0));
    END IF;
  END IF;
  -- Past the bound: the refusal undoes the ticket, its lines, ledger and summaries.
  IF v_payout > a.max_payout THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_MAX_PAYOUT',
      'message', format('Gain possible de la fiche : %s %s, supérieur au maximum de %s %s par fiche. Réduisez les mises, les paris ou les tirages.',
                        borlette_amount(v_payout), a.currency, borlette_amount(a.max_payout), a.currency),
      'max', a.max_payout, 'payout', v_payout);
  END IF;

  -- The limit counters last: their row locks are held only until the commit that follows.
  v_problems := v_problems || borlette_add_counts(v_company, v_agent, v_date, v_g_tirages, v_g_codes, v_g_numbers,
                                                  v_g_amounts, v_g_positions, v_g_lot1, v_g_lot2, v_g_lot3,
                                                  v_g_payout, 1, true);
  -- The automatic rules (issue 22 §2), only when the company has one on: read after the counters above,
  -- whose rows this sale now holds (borlette_rule_problems).
  IF a.rules_on THEN
    v_problems := v_problems || borlette_rule_problems(v_company, v_date, v_tirages, v_g_tirages, v_g_codes,
                                                       v_g_numbers, v_g_amounts, v_g_positions, v_line_total,
                                                       a.currency, true);
  END IF;
  IF jsonb_array_length(v_problems) > 0 THEN
    PERFORM borlette_fail_all(v_problems);
  END IF;
  RETURN v_answer;
END $$;

-- Generic plans for the engine's statements (keyed lookups whose best plan does not depend on the
-- values): with the default, PostgreSQL may keep re-planning a statement at every call — measured
-- on the sale, planning was the largest part of the database's CPU under load.
-- Set on the entry points only: the functions they call run under the same setting. CREATE OR REPLACE
-- resets it: a redefinition repeats it.
ALTER FUNCTION borlette_sell(jsonb) SET plan_cache_mode = force_generic_plan;

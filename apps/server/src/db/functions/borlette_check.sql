-- The live check (issue 18): what borlette_sell would refuse for this ticket now, and what remains under
-- the limits and the automatic rules (issue 22 §2, the sale's borlette_rule_* functions) per line and draw, WITHOUT writing, counting, taking a number or a lock (read-only: it never
-- makes a sale wait, and the sale stays the authority). p: { company_id, agent_id, tirages: [id],
-- lines: [{code, number, stake, pos}] } (validated and normalised by the caller, as for the sale).
-- Answers { problems: [...as the sale's refusal, in its order...], cells: [{line, tirage_id, remaining}],
-- total, payout } (amounts as text: exact past 2^53). The lines' problems and the closed draws' words are the
-- sale's own (borlette_line_problems, borlette_closed_message: inlined SQL, so the hot path keeps its
-- statements); the other checks are copied from borlette_sell, and pos/check.api.test.ts (an oracle against
-- the sale) keeps them equal.
CREATE OR REPLACE FUNCTION borlette_check(p jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_company bigint := (p ->> 'company_id')::bigint;
  v_agent bigint := (p ->> 'agent_id')::bigint;
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
  v_payout numeric;
  v_cells jsonb;
  v_problems jsonb := '[]';
  v_owed bigint;
  v_comm bigint;
  v_rules_on boolean;
BEGIN
  -- The seller, as the sale reads it (no idempotency key: nothing is sold here).
  SELECT u.status, u.surcussale_id, c.status AS company_status, c.timezone, c.currency,
         s.status AS surcussale_status, s.name AS surcussale_name, cs.free_mariage_amount, cs.bolet_cumulative,
         least(cs.ticket_max_lines, 100) AS max_lines, least(cs.ticket_max_draws, 20) AS max_draws,
         least(cs.line_max_stake, 1000000000) AS max_stake, least(cs.ticket_max_payout, 1000000000000) AS max_payout,
         (SELECT min(i.due_date) FROM invoices i
           WHERE i.company_id = u.company_id AND i.status = 'unpaid'
             AND i.due_date + cs.billing_grace_days < (now() AT TIME ZONE c.timezone)::date) AS unpaid_since,
         -- Commission per game and credit ceiling (issue 20), as the sale reads them: the ceiling's check
         -- needs what the ticket adds to the agent's debt (its total less its commission).
         coalesce(cr.bolet, u.commission_bp, cs.commission_bp) AS cb_bolet,
         coalesce(cr.mariage, u.commission_bp, cs.commission_bp) AS cb_mariage,
         coalesce(cr.loto3, u.commission_bp, cs.commission_bp) AS cb_loto3,
         coalesce(cr.loto4, u.commission_bp, cs.commission_bp) AS cb_loto4,
         coalesce(cr.loto5, u.commission_bp, cs.commission_bp) AS cb_loto5,
         CASE WHEN coalesce(u.credit_mode, cs.credit_mode) = 'prepaid' THEN 0
              ELSE coalesce(u.credit_limit, cs.credit_limit) END AS credit_ceiling,
         -- The session and the device, as the sale checks them (its route may take the session from
         -- memory: http/session-cache.ts); read, not locked.
         (SELECT tm.state FROM terminals tm
           WHERE tm.company_id = v_company AND tm.id = (p ->> 'terminal_id')::bigint) AS terminal_state,
         (SELECT ss.revoked_at IS NULL AND ss.expires_at > now() FROM sessions ss
           WHERE ss.id = (p ->> 'session_id')::bigint AND ss.user_id = v_agent) AS session_ok
    INTO a
    FROM users u
    JOIN companies c ON c.id = u.company_id
    JOIN company_settings cs ON cs.company_id = c.id
    LEFT JOIN surcussales s ON s.id = u.surcussale_id AND s.company_id = u.company_id
    LEFT JOIN LATERAL borlette_commission_rates(v_company, v_agent, u.surcussale_id) cr ON true
   WHERE u.id = v_agent AND u.company_id = v_company AND u.role = 'agent';
  IF NOT FOUND THEN
    PERFORM borlette_fail(403, 'NOT_AN_AGENT', 'Seul un vendeur de la compagnie peut vendre une fiche.');
  END IF;
  v_refusal := borlette_session_refusal(p ? 'session_id', a.session_ok, a.terminal_state);
  IF v_refusal IS NOT NULL THEN
    PERFORM borlette_fail((v_refusal ->> 'status')::int, v_refusal ->> 'code', v_refusal ->> 'message');
  END IF;
  v_refusal := borlette_seller_refusal(a.company_status, a.unpaid_since, a.status, a.surcussale_status,
                                       a.surcussale_name);
  IF v_refusal IS NOT NULL THEN
    PERFORM borlette_fail((v_refusal ->> 'status')::int, v_refusal ->> 'code', v_refusal ->> 'message');
  END IF;

  SELECT (SELECT array_agg(DISTINCT tj.v::bigint ORDER BY tj.v::bigint)
            FROM jsonb_array_elements_text(p -> 'tirages') tj(v)),
         array_agg(l.code ORDER BY l.pos), array_agg(l.number ORDER BY l.pos), array_agg(l.stake ORDER BY l.pos),
         count(*)::int, sum(l.stake)::bigint
    INTO v_tirages, v_codes, v_numbers, v_stakes, v_nlines, v_line_total
    FROM jsonb_to_recordset(p -> 'lines') AS l(code int, number text, stake bigint, pos int);
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

  -- The draws (no lock: a result may land between this answer and the sale, which re-checks).
  SELECT min(u.id) FILTER (WHERE t.id IS NULL) AS unknown,
         jsonb_agg(jsonb_build_object('status', 409, 'code', 'TIRAGE_CLOSED', 'message',
           borlette_closed_message(st.reason, t.name, a.timezone, st.opens_at, st.closes_at, st.draw_at),
           'tirage_id', u.id, 'reason', st.reason) ORDER BY u.o) FILTER (WHERE t.id IS NOT NULL) AS closed
    INTO x
    FROM unnest(v_tirages) WITH ORDINALITY AS u(id, o)
    LEFT JOIN tirages t ON t.id = u.id AND t.company_id = v_company
    LEFT JOIN LATERAL borlette_tirage_state(u.id) st ON true
   WHERE t.id IS NULL OR st.reason IS NOT NULL;
  IF x.unknown IS NOT NULL THEN
    PERFORM borlette_fail(404, 'TIRAGE_NOT_FOUND', 'Tirage introuvable.', jsonb_build_object('tirage_id', x.unknown));
  END IF;
  IF x.closed IS NOT NULL THEN
    v_problems := v_problems || x.closed;
  END IF;
  v_date := (now() AT TIME ZONE a.timezone)::date;

  -- The lines, as the sale checks them (its own function).
  SELECT lp.problems, lp.malformed
    INTO x
    FROM borlette_line_problems(v_company, v_tirages, v_codes, v_numbers, v_stakes, a.max_stake, a.currency) lp;
  IF x.problems IS NOT NULL THEN
    v_problems := v_problems || x.problems;
    IF x.malformed THEN
      -- The sale stops at a malformed line: so does its check.
      RETURN jsonb_build_object('problems', v_problems, 'cells', '[]'::jsonb, 'total', NULL, 'payout', NULL);
    END IF;
  END IF;

  v_total := v_line_total * array_length(v_tirages, 1);
  SELECT (SELECT max_amount FROM limite_fiches
           WHERE company_id = v_company AND (agent_id = v_agent OR agent_id IS NULL) AND status = 'active'
           ORDER BY agent_id NULLS LAST LIMIT 1) AS ticket_limit,
         (SELECT coalesce(max(im.count), 0) FROM interval_mas im
           WHERE im.company_id = v_company AND im.status = 'active'
             AND v_line_total >= im.min_amount AND (im.max_amount IS NULL OR v_line_total <= im.max_amount)) AS free_n
    INTO x;
  IF x.ticket_limit IS NOT NULL AND v_total > x.ticket_limit THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_LIMIT',
      'message', format('La fiche dépasse la limite de %s %s (total %s %s).', borlette_money(x.ticket_limit),
                        a.currency, borlette_money(v_total), a.currency),
      'limit', x.ticket_limit, 'total', v_total);
  END IF;

  -- The credit ceiling (issue 20 §2), where the sale checks it: what the agent owes now (committed
  -- entries) plus this ticket's part (each line's stake less its commission, half up, per draw).
  IF a.credit_ceiling IS NOT NULL THEN
    SELECT coalesce(sum(d.total), 0)::bigint INTO v_owed FROM wallet_agent_day d
     WHERE d.company_id = v_company AND d.agent_id = v_agent;
    SELECT sum((l.stake * CASE WHEN l.code = 20 THEN a.cb_bolet WHEN l.code = 40 THEN a.cb_mariage
                               WHEN l.code = 30 THEN a.cb_loto3 WHEN l.code BETWEEN 41 AND 43 THEN a.cb_loto4
                               WHEN l.code BETWEEN 51 AND 53 THEN a.cb_loto5 ELSE 0 END + 5000) / 10000)::bigint
           * array_length(v_tirages, 1)
      INTO v_comm FROM unnest(v_codes, v_stakes) AS l(code, stake);
    IF v_owed + (v_total - v_comm) > a.credit_ceiling THEN
      v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'CREDIT_LIMIT',
        'message', format('Plafond de crédit atteint : il reste %s %s.',
                          borlette_amount(greatest(a.credit_ceiling - v_owed, 0)), a.currency),
        'limit', a.credit_ceiling, 'remaining', greatest(a.credit_ceiling - v_owed, 0));
    END IF;
  END IF;

  -- The potential payout as the sale reads it from its snapshot (primes agent > surcussale > tirage >
  -- general; each draw's free mariages at their fixed amount).
  SELECT coalesce(sum(CASE WHEN l.code = 20 AND a.bolet_cumulative
                             THEN l.stake::numeric * (pr.bolet_1::numeric + pr.bolet_2 + pr.bolet_3)
                           WHEN l.code = 20 THEN l.stake::numeric * greatest(pr.bolet_1, pr.bolet_2, pr.bolet_3)
                           ELSE l.stake::numeric * CASE l.code WHEN 40 THEN pr.mariage WHEN 30 THEN pr.loto3
                             WHEN 41 THEN pr.loto4_o1 WHEN 42 THEN pr.loto4_o2 WHEN 43 THEN pr.loto4_o3
                             WHEN 51 THEN pr.loto5_o1 WHEN 52 THEN pr.loto5_o2 WHEN 53 THEN pr.loto5_o3 END END), 0)
         + x.free_n::numeric * array_length(v_tirages, 1) * a.free_mariage_amount
    INTO v_payout
    FROM unnest(v_codes, v_stakes) AS l(code, stake)
   CROSS JOIN (
     SELECT coalesce(pa.bolet_1, ps.bolet_1, pt.bolet_1, g.bolet_1) AS bolet_1,
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
       LEFT JOIN primes ps ON ps.company_id = v_company AND ps.level = 'surcussale' AND ps.surcussale_id = a.surcussale_id
       LEFT JOIN primes pa ON pa.company_id = v_company AND pa.level = 'agent' AND pa.agent_id = v_agent
   ) pr;
  IF v_payout > a.max_payout THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_MAX_PAYOUT',
      'message', format('Gain possible de la fiche : %s %s, supérieur au maximum de %s %s par fiche. Réduisez les mises, les paris ou les tirages.',
                        borlette_amount(v_payout), a.currency, borlette_amount(a.max_payout), a.currency),
      'max', a.max_payout, 'payout', v_payout);
  END IF;

  -- The limits, read from the counters without locking them (borlette_add_counts's rule: per draw, code
  -- and number, the ticket's lines of the same bet summed; the company's limit and the agent's; the most
  -- specific limit of each). Every cell (line, draw) gets what remains: the least of its scopes and of
  -- the automatic rules' limit (borlette_rule_cells, as the sale reads it), before this ticket (null: no
  -- limit).
  v_rules_on := EXISTS (SELECT 1 FROM risk_rules rr WHERE rr.company_id = v_company
                           AND (rr.share_on OR rr.late_on OR rr.date_on OR rr.digit_on));
  WITH g AS (
    SELECT t AS tirage_id, l.code, l.number, sum(l.stake)::bigint AS amount, min(l.pos)::int AS position
      FROM unnest(v_tirages) t, unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
     GROUP BY t, l.code, l.number
  ), k AS (
    SELECT g.*, sc.agent_id, coalesce(c.amount, 0) AS counted, lim.max_amount
      FROM g
     CROSS JOIN (VALUES (0::bigint), (v_agent)) AS sc(agent_id)
      LEFT JOIN sale_counters c ON c.company_id = v_company AND c.tirage_id = g.tirage_id AND c.draw_date = v_date
                               AND c.agent_id = sc.agent_id AND c.code = g.code AND c.number = g.number
     CROSS JOIN LATERAL (
       SELECT sl.max_amount FROM sale_limits sl
        WHERE sl.company_id = v_company
          AND coalesce(sl.agent_id, 0) = sc.agent_id
          AND sl.code = g.code
          AND (sl.number = g.number OR sl.number IS NULL)
          AND (sl.tirage_id = g.tirage_id OR sl.tirage_id IS NULL)
          AND sl.status = 'active'
        ORDER BY (sl.number IS NULL), (sl.tirage_id IS NULL)
        LIMIT 1
     ) lim
  ), r AS MATERIALIZED (
    -- The rules' limit per (draw, game, number), only when one is on (its problems: below). Materialized:
    -- read once, not once per cell.
    SELECT rc.tirage_id, rc.code, rc.number, greatest(rc.max_amount - rc.sold, 0) AS remaining
      FROM (SELECT array_agg(l.code) AS codes, array_agg(l.number) AS numbers
              FROM (SELECT DISTINCT u.code, u.number FROM unnest(v_codes, v_numbers) u(code, number)) l) b
     CROSS JOIN LATERAL borlette_rule_cells(v_company, v_date, v_tirages, b.codes, b.numbers, 0) rc
     WHERE v_rules_on
  )
  SELECT (SELECT jsonb_agg(jsonb_build_object(
            'status', 409, 'code', 'LIMIT_EXCEEDED',
            'message', format('Ligne %s : %s : maximum %s %s encore pour %s%s', k.position, k.number,
                              borlette_money(greatest(k.max_amount - k.counted, 0)), a.currency,
                              (SELECT t.name FROM tirages t WHERE t.id = k.tirage_id),
                              CASE WHEN k.agent_id <> 0 THEN ' (limite du vendeur)' ELSE '' END),
            'line', k.position, 'number', k.number, 'tirage_id', k.tirage_id,
            'remaining', greatest(k.max_amount - k.counted, 0),
            'scope', CASE WHEN k.agent_id <> 0 THEN 'agent' ELSE 'company' END)
          ORDER BY k.position, k.tirage_id, k.agent_id, k.code, k.number)
            FROM k WHERE k.counted + k.amount > k.max_amount) AS limit_problems,
         (SELECT jsonb_agg(jsonb_build_object('line', l.pos, 'tirage_id', t,
                   'remaining', (SELECT min(m.remaining) FROM (
                                   SELECT greatest(k.max_amount - k.counted, 0) AS remaining FROM k
                                    WHERE k.tirage_id = t AND k.code = l.code AND k.number = l.number
                                   UNION ALL
                                   SELECT r.remaining FROM r
                                    WHERE r.tirage_id = t AND r.code = l.code AND r.number = l.number) m)::text)
                   ORDER BY l.pos, t)
            FROM unnest(v_codes, v_numbers) WITH ORDINALITY AS l(code, number, pos), unnest(v_tirages) t) AS cells
    INTO x;
  v_problems := v_problems || coalesce(x.limit_problems, '[]'::jsonb);
  -- The automatic rules (issue 22 §2), as the sale asks them (borlette_rule_problems), before any write.
  IF v_rules_on THEN
    SELECT v_problems || borlette_rule_problems(v_company, v_date, v_tirages, g.tirages, g.codes, g.numbers, g.amounts,
                                                g.positions, 0, a.currency, false)
      INTO v_problems
      FROM (SELECT array_agg(t) AS tirages, array_agg(code) AS codes, array_agg(number) AS numbers,
                   array_agg(amount) AS amounts, array_agg(position) AS positions
              FROM (SELECT t, l.code, l.number, sum(l.stake)::bigint AS amount, min(l.pos)::int AS position
                      FROM unnest(v_tirages) t, unnest(v_codes, v_numbers, v_stakes) WITH ORDINALITY AS l(code, number, stake, pos)
                     GROUP BY t, l.code, l.number) grouped) g;
  END IF;
  RETURN jsonb_build_object('problems', v_problems, 'cells', x.cells, 'total', v_total::text, 'payout', v_payout::text);
END $$;

ALTER FUNCTION borlette_check(jsonb) SET plan_cache_mode = force_generic_plan;

-- Issue 17: the draws' lock is taken by one function, borlette_lock_draws (exclusive for results,
-- shared for sales, payments and cancellations; in draw id order), instead of a literal namespace at
-- every caller. The sale and the settlement take it through that function; nothing else changes.
-- Bodies copied from db/functions/*.sql (the live definitions).

-- Serialises results (exclusive) against sales, payments and cancellations (shared) of the same draws:
-- the one place that takes a draw's lock (namespace 727100, db/lock-keys.ts). Taken in draw id order,
-- so two holders of several draws never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION borlette_lock_draws(p_ids bigint[], p_exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_exclusive THEN
    PERFORM pg_advisory_xact_lock(727100, borlette_lock_key(t)) FROM unnest(p_ids) t ORDER BY t;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(727100, borlette_lock_key(t)) FROM unnest(p_ids) t ORDER BY t;
  END IF;
END $$;
--> statement-breakpoint

-- The sale, all or nothing, in one round trip. p: { company_id, agent_id, key, hash, ref_code,
-- tirages: [id], lines: [{code, number, stake, pos}] (validated and normalised by the caller),
-- free: ['aa*bb', …] (random candidates drawn by the caller, used in order) }.
-- Answers the ticket (borlette_fiche_json) with "replayed": true when the key was already used.
-- Few statements on purpose: each statement of a function costs its executor start-up, and the sale
-- is the hot path (checks are grouped; the inserts are one statement).
-- The ticket's problems are collected and raised together at the end (borlette_fail_all).
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
  v_max_stake bigint;
  v_payout numeric;
  v_problems jsonb := '[]';
BEGIN
  -- The seller, its branch, its company and settings, and a ticket already sold with this key.
  SELECT u.status, u.surcussale_id, coalesce(u.commission_bp, cs.commission_bp) AS commission_bp,
         c.status AS company_status, c.timezone, c.currency, s.status AS surcussale_status, s.name AS surcussale_name,
         cs.free_mariage_amount, cs.bolet_cumulative, e.id AS existing_id,
         -- The company's bounds, never above the platform's (PLATFORM_CEILINGS).
         least(cs.ticket_max_lines, 100) AS max_lines, least(cs.ticket_max_draws, 20) AS max_draws,
         least(cs.line_max_stake, 1000000000) AS max_stake, least(cs.ticket_max_payout, 1000000000000) AS max_payout,
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
         jsonb_agg(jsonb_build_object('status', 409, 'code', 'TIRAGE_CLOSED', 'message', CASE st.reason
           WHEN 'blocked' THEN format('Le tirage %s est bloqué.', t.name)
           WHEN 'forced_closed' THEN format('Le tirage %s est fermé.', t.name)
           WHEN 'result' THEN format('Le tirage %s a déjà ses résultats pour aujourd’hui.', t.name)
           WHEN 'drawn' THEN format('Le tirage %s a déjà eu lieu (à %s).', t.name,
                                    to_char(st.draw_at AT TIME ZONE a.timezone, 'HH24:MI'))
           WHEN 'day' THEN format('Le tirage %s n’a pas lieu aujourd’hui.', t.name)
           WHEN 'not_open' THEN format('Le tirage %s ouvre à %s.', t.name,
                                       to_char(st.opens_at AT TIME ZONE a.timezone, 'HH24:MI'))
           ELSE format('Le tirage %s est fermé depuis %s.', t.name,
                       to_char(st.closes_at AT TIME ZONE a.timezone, 'HH24:MI')) END,
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

  -- The lines: well formed (checked again here), options offered, stakes under the maximum, numbers
  -- not blocked (a ball blocked on several draws: one problem naming them); every problem in the
  -- ticket's order. A malformed line stops the sale here (nothing sane to write). Then the ticket
  -- limit and the free mariages it earns.
  SELECT jsonb_agg(jsonb_build_object(
           'status', CASE q.problem WHEN 1 THEN 400 ELSE 409 END,
           'code', CASE q.problem WHEN 1 THEN 'INVALID_LINE' WHEN 2 THEN 'OPTION_UNAVAILABLE'
                                  WHEN 4 THEN 'LINE_MAX_STAKE' ELSE 'BOULE_BLOCKED' END,
           'message', CASE q.problem
                        WHEN 1 THEN format('Ligne %s : pari invalide.', q.pos)
                        WHEN 2 THEN format('Ligne %s : %s n’est pas disponible.', q.pos, q.info)
                        WHEN 4 THEN format('Ligne %s : la mise dépasse le maximum de %s %s par pari.', q.pos,
                                           borlette_amount(v_max_stake), a.currency)
                        ELSE format('Ligne %s : la boule %s est bloquée pour %s.', q.pos, q.info, q.tirage_name) END,
           'line', q.pos) ORDER BY q.pos, q.problem, q.info) AS problems,
         bool_or(q.problem = 1) AS malformed
    INTO x FROM (
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
    SELECT l.pos, 4, NULL, NULL
      FROM unnest(v_stakes) WITH ORDINALITY AS l(stake, pos)
     WHERE l.stake > v_max_stake
    UNION ALL
    SELECT l.pos, 3, b.number, string_agg(DISTINCT t.name, ', ' ORDER BY t.name)
      FROM unnest(v_codes, v_numbers) WITH ORDINALITY AS l(code, number, pos)
      CROSS JOIN unnest(v_tirages) AS sel(id)
      JOIN tirages t ON t.id = sel.id
      JOIN boule_blocks b ON b.company_id = v_company AND b.active
                         AND (b.tirage_id IS NULL OR b.tirage_id = sel.id)
                         AND (b.number = l.number
                              OR (l.code = 40 AND b.number IN (left(l.number, 2), right(l.number, 2))))
     GROUP BY l.pos, b.number
  ) q;
  IF x.problems IS NOT NULL THEN
    v_problems := v_problems || x.problems;
    IF x.malformed THEN
      PERFORM borlette_fail_all(v_problems);
    END IF;
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
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_LIMIT',
      'message', format('La fiche dépasse la limite de %s %s (total %s %s).', borlette_money(x.ticket_limit),
                        a.currency, borlette_money(v_total), a.currency),
      'limit', x.ticket_limit, 'total', v_total);
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
  -- A ticket already refused takes no number from the company's sequence (no gap in the numbers):
  -- a placeholder that no other open transaction holds (it is never committed).
  IF jsonb_array_length(v_problems) = 0 THEN
    v_number := nextval(borlette_number_seq(v_company)::regclass);
    v_number := v_number * 10 + borlette_luhn(v_number);
  ELSE
    v_number := -pg_backend_pid();
  END IF;
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
    RETURNING code, stake, prime1, prime2, prime3, cumulative
  ), fl AS (
    INSERT INTO fiche_lines (company_id, fiche_id, tirage_id, draw_date, position, code, number, stake, prime1,
                             cumulative)
    SELECT v_company, f.id, fr.tirage_id, v_date,
           v_nlines + row_number() OVER (PARTITION BY fr.tirage_id ORDER BY fr.k), 44, fr.number, 0,
           a.free_mariage_amount, a.bolet_cumulative
      FROM f, unnest(v_free_t, v_free_num) WITH ORDINALITY AS fr(tirage_id, number, k)
    RETURNING prime1
  )
  -- The potential payout, from the snapshot just written (game/potential-payout.ts): a bolet wins each
  -- lot it may hit when cumulative (the three lots can be the same number), else its best prime; the
  -- others their one prime; a free mariage its fixed amount.
  SELECT f.id,
         (SELECT coalesce(sum(CASE WHEN pl.code = 20 AND pl.cumulative
                                     THEN pl.stake::numeric * (pl.prime1::numeric + pl.prime2 + pl.prime3)
                                   WHEN pl.code = 20 THEN pl.stake::numeric * greatest(pl.prime1, pl.prime2, pl.prime3)
                                   ELSE pl.stake::numeric * pl.prime1 END), 0) FROM pl)
         + (SELECT coalesce(sum(fl.prime1), 0) FROM fl)
    INTO v_fiche, v_payout FROM f;
  IF v_fiche IS NULL THEN
    SELECT id, agent_id = v_agent AND request_hash = v_hash AS same_request INTO x FROM fiches
     WHERE company_id = v_company AND idempotency_key = v_key;
    IF NOT x.same_request THEN
      PERFORM borlette_fail(409, 'IDEMPOTENCY_CONFLICT',
        'Cette clé de vente a déjà servi pour une autre fiche. Recommencez la vente.');
    END IF;
    RETURN borlette_fiche_json(x.id) || '{"replayed": true}'::jsonb;
  END IF;
  -- Past the bound: the refusal undoes the ticket, its lines, ledger and summaries.
  IF v_payout > a.max_payout THEN
    v_problems := v_problems || jsonb_build_object('status', 409, 'code', 'TICKET_MAX_PAYOUT',
      'message', format('Gain possible de la fiche : %s %s, supérieur au maximum de %s %s par fiche. Réduisez les mises, les paris ou les tirages.',
                        borlette_amount(v_payout), a.currency, borlette_amount(a.max_payout), a.currency),
      'max', a.max_payout, 'payout', v_payout);
  END IF;

  -- The limit counters last: their row locks are held only until the commit that follows.
  -- (The ticket's answer is read first, for the same reason; not for a ticket already refused.)
  IF jsonb_array_length(v_problems) = 0 THEN
    v_answer := borlette_fiche_json(v_fiche) || '{"replayed": false}'::jsonb;
  END IF;
  SELECT v_problems || borlette_add_counts(v_company, v_agent, v_date, g.tirages, g.codes, g.numbers, g.amounts,
                                           g.positions, 1, true)
    INTO v_problems
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
  IF jsonb_array_length(v_problems) > 0 THEN
    PERFORM borlette_fail_all(v_problems);
  END IF;
  RETURN v_answer;
END $$;
--> statement-breakpoint
ALTER FUNCTION borlette_sell(jsonb) SET plan_cache_mode = force_generic_plan;
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
  PERFORM borlette_lock_draws(ARRAY[p_tirage], true);
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
ALTER FUNCTION borlette_settle(bigint, bigint, date, bigint, boolean) SET plan_cache_mode = force_generic_plan;

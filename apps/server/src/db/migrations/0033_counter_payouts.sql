-- The exposure board's sums kept by the counters the sale already writes (issue 22 §1, measured in
-- bench-exposure's busy-day phase: a board read the draw's lines of the day, 181 ms at 126 000 lines,
-- again every pass while sales went on). Per (draw, date, agent or 0, game, number), over the active
-- tickets' paid lines, as the lines' own prime snapshot says: lot1 = Σ stake × prime1, lot2 and lot3 =
-- Σ stake × prime2 / prime3 (bolet), payout = Σ the most each line can cost (a cumulative bolet its three
-- lots, else its best; the other games their one prime). Moved by borlette_add_counts with the amounts.
ALTER TABLE sale_counters
  ADD COLUMN lot1 bigint NOT NULL DEFAULT 0,
  ADD COLUMN lot2 bigint NOT NULL DEFAULT 0,
  ADD COLUMN lot3 bigint NOT NULL DEFAULT 0,
  ADD COLUMN payout bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE sale_counters c
   SET lot1 = x.lot1, lot2 = x.lot2, lot3 = x.lot3, payout = x.payout
  FROM (
    SELECT l.company_id, l.tirage_id, l.draw_date, s.agent_id, l.code, l.number,
           sum(l.stake * l.prime1)::bigint AS lot1,
           sum(CASE WHEN l.code = 20 THEN l.stake * coalesce(l.prime2, 0) ELSE 0 END)::bigint AS lot2,
           sum(CASE WHEN l.code = 20 THEN l.stake * coalesce(l.prime3, 0) ELSE 0 END)::bigint AS lot3,
           sum(CASE WHEN l.code <> 20 THEN l.stake * l.prime1
                    WHEN l.cumulative THEN l.stake * (l.prime1 + coalesce(l.prime2, 0) + coalesce(l.prime3, 0))
                    ELSE l.stake * greatest(l.prime1, l.prime2, l.prime3) END)::bigint AS payout
      FROM fiche_lines l
      JOIN fiches f ON f.company_id = l.company_id AND f.id = l.fiche_id AND f.status = 'active'
     CROSS JOIN LATERAL (VALUES (0::bigint), (f.agent_id)) AS s(agent_id)
     WHERE l.code <> 44
     GROUP BY l.company_id, l.tirage_id, l.draw_date, s.agent_id, l.code, l.number
  ) x
 WHERE c.company_id = x.company_id AND c.tirage_id = x.tirage_id AND c.draw_date = x.draw_date
   AND c.agent_id = x.agent_id AND c.code = x.code AND c.number = x.number;
--> statement-breakpoint
-- The free mariages stay lines only (no counter: they sell nothing); the board reads them by this index.
CREATE INDEX fiche_lines_free_idx ON fiche_lines (company_id, tirage_id, draw_date) WHERE code = 44;
--> statement-breakpoint
-- borlette_add_counts takes the lines' sums with their amounts (functions/borlette_add_counts.sql).
DROP FUNCTION IF EXISTS borlette_add_counts(bigint, bigint, date, bigint[], int[], text[], bigint[], int[], int, boolean);

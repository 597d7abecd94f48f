-- Issue 19 §1 (docs/notes-sqlperf2.md): the day sums per number (`sale_numbers`) were rows every sale of
-- the company updated, locked until its commit: ~1 of 7 numbers of a sale waited for another sale's
-- commit. The sale's counting now appends its day-sum deltas here (insert-only: no row shared by two
-- sales); a fold (function sale_numbers_fold, the server's scheduler) moves them into sale_numbers in
-- one transaction. Readers sum both in one statement (the view below): the same answers, exactly.
CREATE TABLE "sale_number_deltas" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"draw_date" date NOT NULL,
	"code" smallint NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sale_number_deltas_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
-- The day sums as of one snapshot: folded rows plus pending deltas. Filters on company, day, game and
-- number are pushed by the planner into both sides (grouping columns).
CREATE VIEW "sale_numbers_live" AS
SELECT company_id, draw_date, code, number, sum(amount)::bigint AS amount
  FROM (SELECT company_id, draw_date, code, number, amount FROM sale_numbers
        UNION ALL
        SELECT company_id, draw_date, code, number, amount FROM sale_number_deltas) t
 GROUP BY company_id, draw_date, code, number;

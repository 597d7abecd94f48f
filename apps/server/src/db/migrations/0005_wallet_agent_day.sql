CREATE TABLE "wallet_agent_day" (
	"company_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"deposits" bigint DEFAULT 0 NOT NULL,
	"withdrawals" bigint DEFAULT 0 NOT NULL,
	"adjustments" bigint DEFAULT 0 NOT NULL,
	"zero" bigint DEFAULT 0 NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_agent_day_company_id_agent_id_business_date_pk" PRIMARY KEY("company_id","agent_id","business_date")
);
--> statement-breakpoint
CREATE INDEX "wallet_agent_day_company_date_idx" ON "wallet_agent_day" USING btree ("company_id","business_date");--> statement-breakpoint
-- Kept in the transaction that appends the entries: one upsert per (company, agent, day) a statement
-- touched, from its transition table (a sale appends one entry; bulk inserts are grouped).
CREATE OR REPLACE FUNCTION wallet_agent_day_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_agent_day AS d (company_id, agent_id, business_date, total, deposits, withdrawals, adjustments, zero, moves)
  SELECT n.company_id, n.agent_id, n.business_date, sum(n.amount),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'deposit'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'withdrawal'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind = 'adjustment'), 0),
         coalesce(sum(n.amount) FILTER (WHERE n.kind IN ('zero', 'zero_reversal')), 0),
         count(*) FILTER (WHERE n.kind IN ('deposit', 'withdrawal', 'adjustment', 'zero', 'zero_reversal'))
    FROM new_entries n
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (company_id, agent_id, business_date) DO UPDATE
     SET total = d.total + excluded.total, deposits = d.deposits + excluded.deposits,
         withdrawals = d.withdrawals + excluded.withdrawals, adjustments = d.adjustments + excluded.adjustments,
         zero = d.zero + excluded.zero, moves = d.moves + excluded.moves;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_entries_day AFTER INSERT ON wallet_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION wallet_agent_day_add();
--> statement-breakpoint
-- The entries written before this migration.
INSERT INTO wallet_agent_day (company_id, agent_id, business_date, total, deposits, withdrawals, adjustments, zero, moves)
SELECT company_id, agent_id, business_date, sum(amount),
       coalesce(sum(amount) FILTER (WHERE kind = 'deposit'), 0),
       coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal'), 0),
       coalesce(sum(amount) FILTER (WHERE kind = 'adjustment'), 0),
       coalesce(sum(amount) FILTER (WHERE kind IN ('zero', 'zero_reversal')), 0),
       count(*) FILTER (WHERE kind IN ('deposit', 'withdrawal', 'adjustment', 'zero', 'zero_reversal'))
  FROM wallet_entries GROUP BY 1, 2, 3;

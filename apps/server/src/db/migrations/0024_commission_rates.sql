-- Issue 20 §3: agent commission per game (bolet, mariage, loto 3, loto 4, loto 5) at three levels,
-- most specific wins: agent > surcussale > company; a game with no rate at any level keeps the agent's
-- single rate (users.commission_bp, else company_settings.commission_bp). One row per (level, target);
-- target_id is the sub-branch or agent id, 0 for the company level. Rates in basis points, null = inherit.
-- Keyed by company_id first (db/distribution.api.test.ts: distributed with the company's other rows).
CREATE TABLE "commission_rates" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"level" text NOT NULL,
	"target_id" bigint DEFAULT 0 NOT NULL,
	"bolet" integer,
	"mariage" integer,
	"loto3" integer,
	"loto4" integer,
	"loto5" integer,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_id_company_id_pk" PRIMARY KEY("id","company_id"),
	CONSTRAINT "commission_rates_level_chk" CHECK ((level = 'company' AND target_id = 0)
		OR (level IN ('surcussale', 'agent') AND target_id > 0)),
	CONSTRAINT "commission_rates_bp_chk" CHECK (coalesce(bolet, 0) BETWEEN 0 AND 10000
		AND coalesce(mariage, 0) BETWEEN 0 AND 10000 AND coalesce(loto3, 0) BETWEEN 0 AND 10000
		AND coalesce(loto4, 0) BETWEEN 0 AND 10000 AND coalesce(loto5, 0) BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_target_uq" ON "commission_rates" USING btree ("company_id","level","target_id");
--> statement-breakpoint
-- The snapshot on each line, like the primes: the rate in force at the sale and the line's commission
-- (stake × rate, rounded half up). Null on the lines of tickets sold before this migration (their
-- commission was computed per draw part; the ticket's and the parts' figures stay as they were).
ALTER TABLE "fiche_lines" ADD COLUMN "commission_bp" integer;
--> statement-breakpoint
ALTER TABLE "fiche_lines" ADD COLUMN "commission_amount" bigint;

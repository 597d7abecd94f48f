-- Issue 22 §2: the company's automatic limit rules, one row per company (no row: every rule off, the sale
-- unchanged). Amounts in centimes, shares and factors in basis points. The sale reads the row in its
-- first read and evaluates the rules only when one is on (functions/borlette_rules.sql).
-- Keyed by company_id (db/distribution.api.test.ts: distributed with the company's other rows).
CREATE TABLE "risk_rules" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	-- A number's limit = max(floor, share × the draw's sales so far), for the games listed.
	"share_on" boolean DEFAULT false NOT NULL,
	"share_bp" integer DEFAULT 1000 NOT NULL,
	"share_floor" bigint DEFAULT 0 NOT NULL,
	"share_games" text[] DEFAULT '{bolet}' NOT NULL,
	-- The last N minutes before a draw closes: every limit × factor, or capped at an amount.
	"late_on" boolean DEFAULT false NOT NULL,
	"late_minutes" integer DEFAULT 15 NOT NULL,
	"late_factor_bp" integer,
	"late_amount" bigint,
	-- Today's numbers (day, month, day+month in the company's zone): blocked or limited.
	"date_on" boolean DEFAULT false NOT NULL,
	"date_block" boolean DEFAULT false NOT NULL,
	"date_amount" bigint,
	-- Every number containing one of the digits, every mariage containing one of the balls.
	"digit_on" boolean DEFAULT false NOT NULL,
	"digit_block" boolean DEFAULT false NOT NULL,
	"digit_amount" bigint,
	"digits" text DEFAULT '' NOT NULL,
	"pair_balls" text[] DEFAULT '{}' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_rules_share_chk" CHECK (share_bp BETWEEN 1 AND 10000 AND share_floor >= 0),
	CONSTRAINT "risk_rules_late_chk" CHECK (late_minutes BETWEEN 1 AND 720
		AND (late_factor_bp IS NULL OR late_factor_bp BETWEEN 0 AND 10000) AND (late_amount IS NULL OR late_amount >= 0)
		AND (NOT late_on OR (late_factor_bp IS NULL) <> (late_amount IS NULL))),
	CONSTRAINT "risk_rules_date_chk" CHECK (NOT date_on OR date_block OR date_amount >= 0),
	CONSTRAINT "risk_rules_digit_chk" CHECK ((NOT digit_on OR digit_block OR digit_amount >= 0) AND digits ~ '^[0-9]*$')
);
--> statement-breakpoint
ALTER TABLE "risk_rules" ADD CONSTRAINT "risk_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;

-- Issue 22 §3: anomaly alerts. A detector pass (modules/alerts/alerts-detect.ts, a job of the scheduler)
-- inserts what it finds; the unique (company, kind, dedupe key) with ON CONFLICT DO NOTHING makes N
-- server instances running passes at once raise each anomaly once. Distributed by company_id.
CREATE TABLE "company_alerts" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"dedupe_key" text NOT NULL,
	"agent_id" bigint,
	"tirage_id" bigint,
	"draw_date" date,
	"evidence" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" bigint,
	"changed_at" timestamp with time zone,
	CONSTRAINT "company_alerts_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_alerts_kind_check" CHECK ("kind" IN ('burst', 'after_draw', 'winning_voided', 'result_edited',
		'foreign_payments', 'paid_far', 'daily_outlier')),
	CONSTRAINT "company_alerts_severity_check" CHECK ("severity" IN ('low', 'medium', 'high')),
	CONSTRAINT "company_alerts_state_check" CHECK ("state" IN ('new', 'seen', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "company_alerts" ADD CONSTRAINT "company_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "company_alerts_dedupe_uq" ON "company_alerts" USING btree ("company_id","kind","dedupe_key");
--> statement-breakpoint
CREATE INDEX "company_alerts_company_created_idx" ON "company_alerts" USING btree ("company_id","created_at");
--> statement-breakpoint
-- The top bar's badge counts the new ones on every poll.
CREATE INDEX "company_alerts_company_new_idx" ON "company_alerts" USING btree ("company_id","agent_id") WHERE "state" = 'new';
--> statement-breakpoint
-- Per company and kind: on/off and thresholds (a row only once the admin saved; defaults live in
-- contracts/alerts.ts ALERT_DEFAULTS).
CREATE TABLE "alert_settings" (
	"company_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;

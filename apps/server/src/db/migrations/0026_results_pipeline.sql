-- Issue 21 §2-3: the results pipeline's state (platform, no company). What each source said and when
-- (result_fetches, the audit of every request), the numbers each source gives a state session on a date
-- (result_observations), the trust the platform derives from them (result_status), its alerts
-- (result_alerts) and the lease that lets one server of N poll (job_leases).
CREATE TABLE "result_fetches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_fetches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"dates" date[] NOT NULL,
	"http_status" integer,
	"outcome" text NOT NULL,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems" text[] DEFAULT '{}' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	CONSTRAINT "result_fetches_outcome_chk" CHECK (outcome IN ('ok', 'empty', 'failed')),
	CONSTRAINT "result_fetches_excerpt_chk" CHECK (length(excerpt) <= 2000)
);
--> statement-breakpoint
CREATE INDEX "result_fetches_at_idx" ON "result_fetches" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "result_fetches_provider_at_idx" ON "result_fetches" USING btree ("provider_code","at");--> statement-breakpoint
-- One row per (state session, date, source): the numbers that source gives now; first_seen_at is when it
-- first gave these numbers (a source that changes its numbers starts again), last_seen_at its last answer.
CREATE TABLE "result_observations" (
	"source_id" integer NOT NULL,
	"draw_date" date NOT NULL,
	"provider_code" text NOT NULL,
	"pick3" text NOT NULL,
	"pick4" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_observations_pk" PRIMARY KEY("source_id","draw_date","provider_code")
);
--> statement-breakpoint
ALTER TABLE "result_observations" ADD CONSTRAINT "result_observations_source_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The trust of a state session's result on a date, recomputed after every fetch and decision. Waiting,
-- late and day off are also derived from the clock when no row exists (the board). decided_*: the
-- superuser's confirmation or hand entry, which stands until a source later says otherwise.
CREATE TABLE "result_status" (
	"source_id" integer NOT NULL,
	"draw_date" date NOT NULL,
	"state" text NOT NULL,
	"pick3" text,
	"pick4" text,
	"sources" text[] DEFAULT '{}' NOT NULL,
	"arrived_at" timestamp with time zone,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"decided_pick3" text,
	"decided_pick4" text,
	"applied_version" integer,
	"applied_companies" integer,
	"applied_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "result_status_pk" PRIMARY KEY("source_id","draw_date"),
	CONSTRAINT "result_status_state_chk" CHECK (state IN ('waiting', 'late', 'provisional', 'confirmed', 'conflict', 'manual', 'day_off'))
);
--> statement-breakpoint
ALTER TABLE "result_status" ADD CONSTRAINT "result_status_source_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_status_date_idx" ON "result_status" USING btree ("draw_date","source_id");--> statement-breakpoint
-- late: no result N minutes after the official time; conflict: sources disagree; provider_failing: a
-- source failed several times in a row. One open alert per subject; closed when it no longer holds.
CREATE TABLE "result_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "result_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"source_id" integer,
	"provider_code" text,
	"draw_date" date,
	"message" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "result_alerts_kind_chk" CHECK (kind IN ('late', 'conflict', 'provider_failing'))
);
--> statement-breakpoint
ALTER TABLE "result_alerts" ADD CONSTRAINT "result_alerts_source_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "result_alerts_open_uq" ON "result_alerts" USING btree ("subject") WHERE closed_at IS NULL;--> statement-breakpoint
CREATE INDEX "result_alerts_date_idx" ON "result_alerts" USING btree ("draw_date","source_id");--> statement-breakpoint
-- A lease: who runs a job now (one poller for N servers), or who decides one result. Taken by an
-- INSERT … ON CONFLICT that only replaces an expired lease, so it works alike on PGlite and PostgreSQL.
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

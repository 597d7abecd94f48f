-- Issue 20 §1: the devices agents sell from. A terminal is one device (a random id the POS keeps in
-- localStorage) used by one agent: approval binds an agent to a device, so a phone shared by two
-- agents is approved for each, and an agent's password typed on another agent's approved phone is a
-- new (pending) terminal. Distributed by company_id (key (company_id, id)).
CREATE TABLE "terminals" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"device_id" text NOT NULL,
	"agent_id" bigint NOT NULL,
	"name" text NOT NULL,
	"user_agent" text,
	"pos_version" text,
	"state" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_ip" text,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"revoked_by" bigint,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "terminals_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "terminals_state_check" CHECK ("state" IN ('pending', 'approved', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_company_device_agent" ON "terminals" USING btree ("company_id","device_id","agent_id");
--> statement-breakpoint
CREATE INDEX "terminals_company_agent_idx" ON "terminals" USING btree ("company_id","agent_id");
--> statement-breakpoint
-- The session's device (null: a web sign-in, or an agent's API client before approval was asked).
-- No foreign key: sessions are local to the coordinator, terminals distributed (distribution plan).
ALTER TABLE "sessions" ADD COLUMN "terminal_id" bigint;
--> statement-breakpoint
CREATE INDEX "sessions_terminal_idx" ON "sessions" USING btree ("terminal_id") WHERE "terminal_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "terminal_approval" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "sale_location" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Where a ticket was sold, when the company asks it (sale_location) and the agent's browser gave it.
-- A side table written by the sale service after the sale: the sale's function stays as it is.
CREATE TABLE "fiche_locations" (
	"company_id" bigint NOT NULL,
	"fiche_id" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" integer,
	"terminal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiche_locations_company_id_fiche_id_pk" PRIMARY KEY("company_id","fiche_id")
);
--> statement-breakpoint
ALTER TABLE "fiche_locations" ADD CONSTRAINT "fiche_locations_company_id_fiche_id_fiches_company_id_id_fk" FOREIGN KEY ("company_id","fiche_id") REFERENCES "public"."fiches"("company_id","id") ON DELETE cascade ON UPDATE no action;

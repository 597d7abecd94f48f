CREATE TABLE "company_settings" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"commission_bp" integer DEFAULT 1000 NOT NULL,
	"cancel_window_minutes" integer DEFAULT 10 NOT NULL,
	"sales_close_minutes" integer DEFAULT 5 NOT NULL,
	"payout_validity_days" integer DEFAULT 90 NOT NULL,
	"free_mariage_amount" bigint DEFAULT 100000 NOT NULL,
	"bolet_cumulative" boolean DEFAULT true NOT NULL,
	"billing_grace_days" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_agents" (
	"company_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	CONSTRAINT "message_agents_company_id_message_id_agent_id_pk" PRIMARY KEY("company_id","message_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"image" text,
	"audience" text NOT NULL,
	"surcussale_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limite_fiches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "limite_fiches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"agent_id" bigint,
	"max_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervisor_surcussales" (
	"company_id" bigint NOT NULL,
	"supervisor_id" bigint NOT NULL,
	"surcussale_id" bigint NOT NULL,
	CONSTRAINT "supervisor_surcussales_company_id_supervisor_id_surcussale_id_pk" PRIMARY KEY("company_id","supervisor_id","surcussale_id")
);
--> statement-breakpoint
DROP INDEX "users_company_role_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "supervisor_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_cancel" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_agents" ADD CONSTRAINT "message_agents_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_surcussale_id_surcussales_id_fk" FOREIGN KEY ("surcussale_id") REFERENCES "public"."surcussales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limite_fiches" ADD CONSTRAINT "limite_fiches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "limite_fiches" ADD CONSTRAINT "limite_fiches_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_surcussales" ADD CONSTRAINT "supervisor_surcussales_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_surcussales" ADD CONSTRAINT "supervisor_surcussales_surcussale_id_surcussales_id_fk" FOREIGN KEY ("surcussale_id") REFERENCES "public"."surcussales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "messages_company_starts_idx" ON "messages" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "limite_fiches_company_agent_uq" ON "limite_fiches" USING btree ("company_id",coalesce("agent_id", 0));--> statement-breakpoint
CREATE INDEX "supervisor_surcussales_surcussale_idx" ON "supervisor_surcussales" USING btree ("company_id","surcussale_id");--> statement-breakpoint
CREATE INDEX "surcussales_company_status_idx" ON "surcussales" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "audit_log_company_role_at_idx" ON "audit_log" USING btree ("company_id","role","at");--> statement-breakpoint
CREATE INDEX "users_company_surcussale_idx" ON "users" USING btree ("company_id","surcussale_id");--> statement-breakpoint
CREATE INDEX "users_company_role_idx" ON "users" USING btree ("company_id","role","status");--> statement-breakpoint
-- Companies created before settings existed get the defaults.
INSERT INTO "company_settings" ("company_id") SELECT "id" FROM "companies" ON CONFLICT DO NOTHING;

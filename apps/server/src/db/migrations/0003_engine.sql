CREATE SEQUENCE "public"."fiche_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10000 CACHE 1;--> statement-breakpoint
CREATE TABLE "boule_blocks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boule_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"tirage_id" bigint,
	"number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source_id" integer NOT NULL,
	"draw_date" date NOT NULL,
	"pick3" text NOT NULL,
	"pick4" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draw_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "draw_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" text NOT NULL,
	"state_name" text NOT NULL,
	"session" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"draw_time" time NOT NULL,
	"days" smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_tirage_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "info_tirage_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"tirage_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"version" integer NOT NULL,
	"pick3" text,
	"pick4" text,
	"origin" text NOT NULL,
	"reason" text,
	"actor_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_tirages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "info_tirages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"tirage_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"pick3" text NOT NULL,
	"pick4" text NOT NULL,
	"lot1" text NOT NULL,
	"lot2" text NOT NULL,
	"lot3" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"origin" text NOT NULL,
	"draw_result_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interval_mas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interval_mas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint,
	"count" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interval_mas_chk" CHECK ("interval_mas"."min_amount" >= 0 AND ("interval_mas"."max_amount" IS NULL OR "interval_mas"."max_amount" >= "interval_mas"."min_amount") AND "interval_mas"."count" BETWEEN 1 AND 10)
);
--> statement-breakpoint
CREATE TABLE "lotto_options" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotto_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"code" smallint NOT NULL,
	"label" text NOT NULL,
	"mapping" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotto_options_code_chk" CHECK ("lotto_options"."code" IN (41, 42, 43, 51, 52, 53))
);
--> statement-breakpoint
CREATE TABLE "primes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "primes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"level" text NOT NULL,
	"tirage_id" bigint,
	"surcussale_id" bigint,
	"agent_id" bigint,
	"bolet_1" integer,
	"bolet_2" integer,
	"bolet_3" integer,
	"mariage" integer,
	"loto3" integer,
	"loto4_o1" integer,
	"loto4_o2" integer,
	"loto4_o3" integer,
	"loto5_o1" integer,
	"loto5_o2" integer,
	"loto5_o3" integer,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "primes_target_chk" CHECK (("primes"."level" = 'general' AND "primes"."tirage_id" IS NULL AND "primes"."surcussale_id" IS NULL AND "primes"."agent_id" IS NULL)
       OR ("primes"."level" = 'tirage' AND "primes"."tirage_id" IS NOT NULL AND "primes"."surcussale_id" IS NULL AND "primes"."agent_id" IS NULL)
       OR ("primes"."level" = 'surcussale' AND "primes"."surcussale_id" IS NOT NULL AND "primes"."tirage_id" IS NULL AND "primes"."agent_id" IS NULL)
       OR ("primes"."level" = 'agent' AND "primes"."agent_id" IS NOT NULL AND "primes"."tirage_id" IS NULL AND "primes"."surcussale_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sale_limits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_limits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"agent_id" bigint,
	"tirage_id" bigint,
	"code" smallint NOT NULL,
	"number" text,
	"max_amount" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_limits_amount_chk" CHECK ("sale_limits"."max_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tirages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tirages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"source_id" integer,
	"days" smallint[] NOT NULL,
	"open_time" time DEFAULT '00:00' NOT NULL,
	"close_time" time NOT NULL,
	"mode" text DEFAULT 'auto' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tirages_hours_chk" CHECK ("tirages"."open_time" < "tirages"."close_time")
);
--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"invoice_id" bigint,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"active_agents" integer NOT NULL,
	"price_per_agent" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_ref" text NOT NULL,
	"transaction_id" text,
	"payment_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stats_agent_day" (
	"company_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"surcussale_id" bigint,
	"tickets" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"cancelled_amount" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"winners" integer DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_agent_day_company_id_business_date_agent_id_pk" PRIMARY KEY("company_id","business_date","agent_id")
);
--> statement-breakpoint
CREATE TABLE "stats_agent_draw_day" (
	"company_id" bigint NOT NULL,
	"business_date" date NOT NULL,
	"tirage_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"surcussale_id" bigint,
	"tickets" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"cancelled_amount" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"winners" integer DEFAULT 0 NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_agent_draw_day_company_id_business_date_tirage_id_agent_id_pk" PRIMARY KEY("company_id","business_date","tirage_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"agent_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"commission" bigint DEFAULT 0 NOT NULL,
	"fiche_id" bigint,
	"reverses_id" bigint,
	"note" text,
	"actor_id" bigint,
	"business_date" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "fiche_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiche_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"fiche_id" bigint NOT NULL,
	"tirage_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"position" smallint NOT NULL,
	"code" smallint NOT NULL,
	"number" text NOT NULL,
	"stake" bigint NOT NULL,
	"prime1" bigint NOT NULL,
	"prime2" bigint,
	"prime3" bigint,
	"template" text,
	"cumulative" boolean DEFAULT true NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiche_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiche_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"fiche_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"tirage_id" bigint,
	"amount" bigint NOT NULL,
	"actor_id" bigint,
	"agent_id" bigint,
	"surcussale_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiche_tirages" (
	"company_id" bigint NOT NULL,
	"fiche_id" bigint NOT NULL,
	"tirage_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"commission_amount" bigint DEFAULT 0 NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "fiche_tirages_company_id_fiche_id_tirage_id_pk" PRIMARY KEY("company_id","fiche_id","tirage_id")
);
--> statement-breakpoint
CREATE TABLE "fiches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"number" bigint NOT NULL,
	"ref_code" text NOT NULL,
	"agent_id" bigint NOT NULL,
	"surcussale_id" bigint,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"sale_date" date NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" bigint NOT NULL,
	"commission_bp" integer NOT NULL,
	"commission_amount" bigint NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"status_at" timestamp with time zone,
	"status_by" bigint,
	"status_reason" text,
	"paid_at" timestamp with time zone,
	"paid_by" bigint,
	"paid_amount" bigint,
	"paid_surcussale_id" bigint,
	"print_count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_counters" (
	"company_id" bigint NOT NULL,
	"tirage_id" bigint NOT NULL,
	"draw_date" date NOT NULL,
	"agent_id" bigint NOT NULL,
	"code" smallint NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "sale_counters_company_id_tirage_id_draw_date_agent_id_code_number_pk" PRIMARY KEY("company_id","tirage_id","draw_date","agent_id","code","number")
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "billing_prices" jsonb DEFAULT '[{"min":1,"price":1000},{"min":10,"price":900},{"min":20,"price":800},{"min":30,"price":700},{"min":50,"price":600}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "boule_blocks" ADD CONSTRAINT "boule_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boule_blocks" ADD CONSTRAINT "boule_blocks_tirage_id_tirages_id_fk" FOREIGN KEY ("tirage_id") REFERENCES "public"."tirages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_results" ADD CONSTRAINT "draw_results_source_id_draw_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_tirages" ADD CONSTRAINT "info_tirages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_tirages" ADD CONSTRAINT "info_tirages_tirage_id_tirages_id_fk" FOREIGN KEY ("tirage_id") REFERENCES "public"."tirages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_tirages" ADD CONSTRAINT "info_tirages_draw_result_id_draw_results_id_fk" FOREIGN KEY ("draw_result_id") REFERENCES "public"."draw_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_mas" ADD CONSTRAINT "interval_mas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_options" ADD CONSTRAINT "lotto_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primes" ADD CONSTRAINT "primes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primes" ADD CONSTRAINT "primes_tirage_id_tirages_id_fk" FOREIGN KEY ("tirage_id") REFERENCES "public"."tirages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primes" ADD CONSTRAINT "primes_surcussale_id_surcussales_id_fk" FOREIGN KEY ("surcussale_id") REFERENCES "public"."surcussales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primes" ADD CONSTRAINT "primes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_limits" ADD CONSTRAINT "sale_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_limits" ADD CONSTRAINT "sale_limits_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_limits" ADD CONSTRAINT "sale_limits_tirage_id_tirages_id_fk" FOREIGN KEY ("tirage_id") REFERENCES "public"."tirages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tirages" ADD CONSTRAINT "tirages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tirages" ADD CONSTRAINT "tirages_source_id_draw_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."draw_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payment_id_company_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."company_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiche_payments" ADD CONSTRAINT "fiche_payments_fiche_id_fiches_id_fk" FOREIGN KEY ("fiche_id") REFERENCES "public"."fiches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boule_blocks_target_uq" ON "boule_blocks" USING btree ("company_id","number",coalesce("tirage_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "draw_results_source_date_uq" ON "draw_results" USING btree ("source_id","draw_date");--> statement-breakpoint
CREATE UNIQUE INDEX "draw_sources_state_session_uq" ON "draw_sources" USING btree ("state","session");--> statement-breakpoint
CREATE INDEX "info_tirage_versions_company_tirage_idx" ON "info_tirage_versions" USING btree ("company_id","tirage_id","draw_date");--> statement-breakpoint
CREATE UNIQUE INDEX "info_tirages_company_tirage_date_uq" ON "info_tirages" USING btree ("company_id","tirage_id","draw_date");--> statement-breakpoint
CREATE INDEX "info_tirages_company_date_idx" ON "info_tirages" USING btree ("company_id","draw_date");--> statement-breakpoint
CREATE INDEX "interval_mas_company_idx" ON "interval_mas" USING btree ("company_id","min_amount");--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_options_company_code_uq" ON "lotto_options" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "primes_company_target_uq" ON "primes" USING btree ("company_id","level",coalesce("tirage_id", 0),coalesce("surcussale_id", 0),coalesce("agent_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "sale_limits_target_uq" ON "sale_limits" USING btree ("company_id",coalesce("agent_id", 0),"code",coalesce("number", ''),coalesce("tirage_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "tirages_company_name_uq" ON "tirages" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tirages_company_source_idx" ON "tirages" USING btree ("company_id","source_id");--> statement-breakpoint
CREATE INDEX "tirages_source_idx" ON "tirages" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "company_payments_company_paid_idx" ON "company_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_period_uq" ON "invoices" USING btree ("company_id","period_start","period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_company_status_due_idx" ON "invoices" USING btree ("company_id","status","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_order_uq" ON "payment_checkouts" USING btree ("provider","order_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_transaction_uq" ON "payment_checkouts" USING btree ("provider","transaction_id") WHERE "payment_checkouts"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_checkouts_invoice_idx" ON "payment_checkouts" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "stats_agent_day_company_agent_idx" ON "stats_agent_day" USING btree ("company_id","agent_id","business_date");--> statement-breakpoint
CREATE INDEX "stats_agent_draw_day_company_agent_idx" ON "stats_agent_draw_day" USING btree ("company_id","agent_id","business_date");--> statement-breakpoint
CREATE INDEX "wallet_entries_company_agent_idx" ON "wallet_entries" USING btree ("company_id","agent_id","business_date");--> statement-breakpoint
CREATE INDEX "wallet_entries_company_date_idx" ON "wallet_entries" USING btree ("company_id","business_date");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_company_key_uq" ON "wallet_entries" USING btree ("company_id","idempotency_key") WHERE "wallet_entries"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_reverses_uq" ON "wallet_entries" USING btree ("company_id","reverses_id") WHERE "wallet_entries"."reverses_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fiche_lines_company_tirage_date_idx" ON "fiche_lines" USING btree ("company_id","tirage_id","draw_date");--> statement-breakpoint
CREATE INDEX "fiche_lines_company_fiche_idx" ON "fiche_lines" USING btree ("company_id","fiche_id");--> statement-breakpoint
CREATE INDEX "fiche_payments_company_at_idx" ON "fiche_payments" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "fiche_payments_company_fiche_idx" ON "fiche_payments" USING btree ("company_id","fiche_id");--> statement-breakpoint
CREATE INDEX "fiche_tirages_company_tirage_date_idx" ON "fiche_tirages" USING btree ("company_id","tirage_id","draw_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fiches_ref_code_uq" ON "fiches" USING btree ("ref_code");--> statement-breakpoint
CREATE UNIQUE INDEX "fiches_company_number_uq" ON "fiches" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "fiches_company_key_uq" ON "fiches" USING btree ("company_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fiches_company_date_idx" ON "fiches" USING btree ("company_id","sale_date");--> statement-breakpoint
CREATE INDEX "fiches_company_agent_date_idx" ON "fiches" USING btree ("company_id","agent_id","sale_date");--> statement-breakpoint
CREATE INDEX "fiches_company_paid_idx" ON "fiches" USING btree ("company_id","paid_at") WHERE "fiches"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fiches_company_winners_idx" ON "fiches" USING btree ("company_id","sale_date") WHERE "fiches"."win_amount" > 0;--> statement-breakpoint
CREATE INDEX "audit_log_company_entity_idx" ON "audit_log" USING btree ("company_id","entity","entity_id");
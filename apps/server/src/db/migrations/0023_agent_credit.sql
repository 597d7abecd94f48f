-- Issue 20 §2: agent credit. Per agent a ceiling on what it owes (null = the company's default) and a
-- mode (null = the company's); the company's defaults (no ceiling, ceiling mode). The sale reads them in
-- its first read and checks the ledger only when there is a ceiling (borlette_sell.sql).
ALTER TABLE "users" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credit_mode" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_mode_check" CHECK ("credit_mode" IN ('ceiling', 'prepaid'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_limit_check" CHECK ("credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "credit_mode" text DEFAULT 'ceiling' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_credit_mode_check" CHECK ("credit_mode" IN ('ceiling', 'prepaid'));--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_credit_limit_check" CHECK ("credit_limit" >= 0);--> statement-breakpoint
-- Collections (« collecte ») are ledger entries (kinds collection / collection_reversal); their day sum
-- beside the deposits, kept by wallet_agent_day_add, read by the agent report and the POS closing.
ALTER TABLE "wallet_agent_day" ADD COLUMN "collections" bigint DEFAULT 0 NOT NULL;

-- The sale's hot path (measured with 64 agents selling at once): no foreign key checks per line, no
-- lock on the company's or the draws' row per sale (each one built a multixact on that hot row); the
-- sale function writes these rows together and checks what the keys would. The idempotency key is
-- unique in the company, alone in its index, so that its lookup can never use the agent's day index.
ALTER TABLE "fiche_lines" DROP CONSTRAINT "fiche_lines_fiche_id_fiches_id_fk";
--> statement-breakpoint
ALTER TABLE "fiche_tirages" DROP CONSTRAINT "fiche_tirages_fiche_id_fiches_id_fk";
--> statement-breakpoint
ALTER TABLE "fiche_tirages" DROP CONSTRAINT "fiche_tirages_tirage_id_tirages_id_fk";
--> statement-breakpoint
ALTER TABLE "fiches" DROP CONSTRAINT "fiches_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "fiches_company_agent_key_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "fiches_company_key_uq" ON "fiches" USING btree ("company_id","idempotency_key");
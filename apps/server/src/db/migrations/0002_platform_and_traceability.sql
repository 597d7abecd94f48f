-- Companies may name their city; the superuser's traceability across all companies (« Toutes ») reads
-- audit_log by (role, at): without this index it scanned the whole trail (~190 ms on 1 000 000 rows).
ALTER TABLE "companies" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_role_at_idx" ON "audit_log" USING btree ("role","at");
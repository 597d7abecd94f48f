-- Issue 22 §1: the live board's colour thresholds as company settings (percent of the limit used:
-- « à surveiller » from warn, « chaud » from hot). Two columns of company_settings, not a table: one
-- value each per company, read and changed with the other settings (PUT /api/companies/settings,
-- audited), and a request's own warn/hot still wins on the board.
ALTER TABLE "company_settings" ADD COLUMN "exposure_warn_pct" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "exposure_hot_pct" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_exposure_pct_chk"
  CHECK (exposure_warn_pct BETWEEN 1 AND 100 AND exposure_hot_pct BETWEEN 1 AND 100 AND exposure_warn_pct < exposure_hot_pct);

-- What one ticket may be, per company (issue 15): lines, draws, stake per line and the ticket's
-- potential payout (every line winning its best prize on every draw). Each is a company setting
-- under a hard platform ceiling (packages/shared/src/contracts/company-settings.ts), so that no
-- ticket can carry a win that the money paths cannot add up exactly.
ALTER TABLE "company_settings" ADD COLUMN "ticket_max_lines" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ticket_max_draws" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "line_max_stake" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "ticket_max_payout" bigint DEFAULT 10000000000 NOT NULL;
--> statement-breakpoint
-- Whether an agent may pay a winning ticket sold by another sub-branch of the company (with the
-- receipt's proof: issue 15, defect 6). Winners often cash at the nearest shop: allowed by default.
ALTER TABLE "company_settings" ADD COLUMN "agents_pay_other_branches" boolean DEFAULT true NOT NULL;

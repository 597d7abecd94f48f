-- The supervisors' commission rate by date (issue 20 §3): a change of rate applies from its business
-- day on, the days before keep the rate they were earned at (modules/_lib/supervisor-commission.ts).
-- Written from users.commission_bp by the trigger of functions/supervisor_rates_track.sql.
CREATE TABLE supervisor_rates (
  company_id bigint NOT NULL REFERENCES companies (id),
  supervisor_id bigint NOT NULL,
  valid_from date NOT NULL,
  commission_bp integer,
  PRIMARY KEY (company_id, supervisor_id, valid_from)
);
--> statement-breakpoint
INSERT INTO supervisor_rates (company_id, supervisor_id, valid_from, commission_bp)
SELECT company_id, id, '-infinity', commission_bp FROM users
 WHERE role = 'supervisor' AND company_id IS NOT NULL AND commission_bp IS NOT NULL;

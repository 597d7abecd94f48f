-- The supervisors' rate history (supervisor_rates, migration 0032), written from users.commission_bp,
-- which stays the current rate the forms read. A supervisor's first rate holds from the beginning
-- ('-infinity': nothing was earned at another rate); a change holds from the company's business day of
-- the change on (a day has one rate: that day's earlier sales take it too); the days before keep theirs.
CREATE OR REPLACE FUNCTION supervisor_rates_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL OR (TG_OP = 'UPDATE' AND NEW.commission_bp IS NOT DISTINCT FROM OLD.commission_bp) THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM supervisor_rates r WHERE r.company_id = NEW.company_id AND r.supervisor_id = NEW.id) THEN
    IF NEW.commission_bp IS NOT NULL THEN
      INSERT INTO supervisor_rates (company_id, supervisor_id, valid_from, commission_bp)
      VALUES (NEW.company_id, NEW.id, '-infinity', NEW.commission_bp);
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO supervisor_rates (company_id, supervisor_id, valid_from, commission_bp)
  SELECT NEW.company_id, NEW.id, (now() AT TIME ZONE c.timezone)::date, NEW.commission_bp
    FROM companies c WHERE c.id = NEW.company_id
  ON CONFLICT (company_id, supervisor_id, valid_from) DO UPDATE SET commission_bp = EXCLUDED.commission_bp;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER supervisor_rates_track AFTER INSERT OR UPDATE OF commission_bp ON users
  FOR EACH ROW WHEN (NEW.role = 'supervisor') EXECUTE FUNCTION supervisor_rates_track();

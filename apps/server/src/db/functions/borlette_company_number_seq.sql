-- Every way a company comes to exist (the companies module, fixtures, imports) gets its sequence in
-- the same transaction; a deleted company (one that never sold) takes its sequence with it.
CREATE OR REPLACE FUNCTION borlette_company_number_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM borlette_create_number_seq(NEW.id);
  ELSE
    EXECUTE format('DROP SEQUENCE IF EXISTS %I', borlette_number_seq(OLD.id));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER companies_number_seq_insert AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION borlette_company_number_seq();

CREATE OR REPLACE TRIGGER companies_number_seq_delete AFTER DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION borlette_company_number_seq();

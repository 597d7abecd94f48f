-- Row trigger; TG_ARGV[0] names the image column of the table.
CREATE OR REPLACE FUNCTION borlette_release_old_image() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_url text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  IF TG_OP = 'DELETE' OR old_url IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
    PERFORM borlette_release_image(old_url);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER users_photo_release AFTER UPDATE OF photo ON users
  FOR EACH ROW WHEN (OLD.photo IS DISTINCT FROM NEW.photo) EXECUTE FUNCTION borlette_release_old_image('photo');

CREATE OR REPLACE TRIGGER users_photo_release_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.photo IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('photo');

CREATE OR REPLACE TRIGGER companies_logo_release AFTER UPDATE OF logo ON companies
  FOR EACH ROW WHEN (OLD.logo IS DISTINCT FROM NEW.logo) EXECUTE FUNCTION borlette_release_old_image('logo');

CREATE OR REPLACE TRIGGER companies_logo_release_delete AFTER DELETE ON companies
  FOR EACH ROW WHEN (OLD.logo IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('logo');

CREATE OR REPLACE TRIGGER messages_image_release AFTER UPDATE OF image ON messages
  FOR EACH ROW WHEN (OLD.image IS DISTINCT FROM NEW.image) EXECUTE FUNCTION borlette_release_old_image('image');

CREATE OR REPLACE TRIGGER messages_image_release_delete AFTER DELETE ON messages
  FOR EACH ROW WHEN (OLD.image IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('image');

CREATE OR REPLACE TRIGGER countries_flag_release AFTER UPDATE OF flag ON countries
  FOR EACH ROW WHEN (OLD.flag IS DISTINCT FROM NEW.flag) EXECUTE FUNCTION borlette_release_old_image('flag');

CREATE OR REPLACE TRIGGER countries_flag_release_delete AFTER DELETE ON countries
  FOR EACH ROW WHEN (OLD.flag IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('flag');

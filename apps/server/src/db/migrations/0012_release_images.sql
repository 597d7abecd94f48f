-- Issue 15, defect 10: an image replaced or removed (a person's photo, a company's logo, a message's
-- image, a country's flag), or the record holding it deleted, frees its stored file in the same
-- transaction, so its /uploads/<uuid>.webp answers 404. Done by triggers so that every path (the forms,
-- the account page, deletes, cascades, future code) frees the file, not only the ones that remember to.
-- A file still named by another record is kept (reference count over the four image columns).
CREATE OR REPLACE FUNCTION borlette_release_image(url text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  fid uuid;
BEGIN
  IF url IS NULL THEN
    RETURN;
  END IF;
  fid := substring(url FROM '^/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$')::uuid;
  IF fid IS NULL
     OR EXISTS (SELECT 1 FROM users WHERE photo = url)
     OR EXISTS (SELECT 1 FROM companies WHERE logo = url)
     OR EXISTS (SELECT 1 FROM messages WHERE image = url)
     OR EXISTS (SELECT 1 FROM countries WHERE flag = url) THEN
    RETURN;
  END IF;
  DELETE FROM files WHERE id = fid;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER users_photo_release AFTER UPDATE OF photo ON users
  FOR EACH ROW WHEN (OLD.photo IS DISTINCT FROM NEW.photo) EXECUTE FUNCTION borlette_release_old_image('photo');
--> statement-breakpoint
CREATE TRIGGER users_photo_release_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.photo IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('photo');
--> statement-breakpoint
CREATE TRIGGER companies_logo_release AFTER UPDATE OF logo ON companies
  FOR EACH ROW WHEN (OLD.logo IS DISTINCT FROM NEW.logo) EXECUTE FUNCTION borlette_release_old_image('logo');
--> statement-breakpoint
CREATE TRIGGER companies_logo_release_delete AFTER DELETE ON companies
  FOR EACH ROW WHEN (OLD.logo IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('logo');
--> statement-breakpoint
CREATE TRIGGER messages_image_release AFTER UPDATE OF image ON messages
  FOR EACH ROW WHEN (OLD.image IS DISTINCT FROM NEW.image) EXECUTE FUNCTION borlette_release_old_image('image');
--> statement-breakpoint
CREATE TRIGGER messages_image_release_delete AFTER DELETE ON messages
  FOR EACH ROW WHEN (OLD.image IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('image');
--> statement-breakpoint
CREATE TRIGGER countries_flag_release AFTER UPDATE OF flag ON countries
  FOR EACH ROW WHEN (OLD.flag IS DISTINCT FROM NEW.flag) EXECUTE FUNCTION borlette_release_old_image('flag');
--> statement-breakpoint
CREATE TRIGGER countries_flag_release_delete AFTER DELETE ON countries
  FOR EACH ROW WHEN (OLD.flag IS NOT NULL) EXECUTE FUNCTION borlette_release_old_image('flag');
--> statement-breakpoint
-- Files already orphaned by earlier replacements or removals.
DELETE FROM files f
 WHERE NOT EXISTS (SELECT 1 FROM users WHERE photo = '/uploads/' || f.id || '.webp')
   AND NOT EXISTS (SELECT 1 FROM companies WHERE logo = '/uploads/' || f.id || '.webp')
   AND NOT EXISTS (SELECT 1 FROM messages WHERE image = '/uploads/' || f.id || '.webp')
   AND NOT EXISTS (SELECT 1 FROM countries WHERE flag = '/uploads/' || f.id || '.webp');

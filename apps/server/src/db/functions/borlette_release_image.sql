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

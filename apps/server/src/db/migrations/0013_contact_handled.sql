-- Issue 16: the platform's contact inbox. A message is handled or not (set by platform staff),
-- with when it was last marked handled; the list filters on it, newest first.
ALTER TABLE contact_messages ADD COLUMN handled boolean NOT NULL DEFAULT false;
ALTER TABLE contact_messages ADD COLUMN handled_at timestamptz;
CREATE INDEX contact_messages_handled_idx ON contact_messages (handled, created_at DESC);

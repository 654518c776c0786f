-- Who the site is, as content/site.yml last validly said: every page, feed and mail reads it,
-- and a broken edit of the file leaves this row, the last good identity, in place.
CREATE TABLE site_identity (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  source_hash TEXT NOT NULL,
  identity TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

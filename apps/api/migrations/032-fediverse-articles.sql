-- What the site's followers were sent of each post (issue 38): a post seen published for the
-- first time goes out as a Create, a change of what it shows as an Update, and a post no longer
-- published (a draft again, trashed, its file gone) as a Delete.
CREATE TABLE fediverse_articles (
  -- content_items' id; no foreign key: a row outlives its item so the Delete can go out.
  content_id INTEGER PRIMARY KEY,
  -- The Article's id: the post's public address when it was sent.
  object_id TEXT NOT NULL,
  -- sha256 of the Article as sent: a different one is an edit.
  sent_hash TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('published', 'deleted')),
  first_sent_at TEXT NOT NULL,
  changed_at TEXT NOT NULL
);

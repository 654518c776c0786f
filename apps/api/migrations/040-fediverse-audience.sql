-- The site's audience on the social web as the owner's console shows it (issue 38 item 6).

-- Who a follower is, as their server described them when they followed: shown as text, and the
-- privacy page says so. A follow kept before this migration has none until they follow again.
ALTER TABLE fediverse_followers ADD COLUMN name TEXT;
ALTER TABLE fediverse_followers ADD COLUMN handle TEXT;
ALTER TABLE fediverse_followers ADD COLUMN url TEXT;
-- The console lists them newest first, a page at a time.
CREATE INDEX fediverse_followers_followed ON fediverse_followers (followed_at, actor_id);

-- What became of a post's deliveries, one row per post and server (the inbox's host): when the
-- server last took it and when it last refused it, with what it said. A post reaches a server
-- once per shared inbox, so a server is what the owner counts.
CREATE TABLE fediverse_deliveries (
  -- The Article's id (the post's public address), as fediverse_articles keeps it.
  object_id TEXT NOT NULL,
  server TEXT NOT NULL,
  delivered_at TEXT,
  failed_at TEXT,
  last_error TEXT,
  PRIMARY KEY (object_id, server)
) WITHOUT ROWID;

-- Likes and boosts (Announce) of the site's posts from the fediverse (issue 38): one of each kind
-- per account and post, counted under the post; an Undo by the same account takes it back.
CREATE TABLE fediverse_reactions (
  -- The Like or Announce activity: what an Undo names.
  activity_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('like', 'announce')),
  actor_id TEXT NOT NULL,
  -- content_items' id of the post; no foreign key: counts go with the post's own rows.
  content_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (kind, actor_id, content_id)
);
CREATE INDEX fediverse_reactions_post ON fediverse_reactions (content_id, kind);

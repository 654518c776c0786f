-- Followers over time (issue 38 item 6): a follow that ends (an Undo, a deleted account, an inbox
-- gone for good, a block) leaves when it began and when it ended, and nothing about who it was,
-- so the dashboard counts the followers the site had at each month's end.
CREATE TABLE fediverse_follows_ended (
  id INTEGER PRIMARY KEY,
  followed_at TEXT NOT NULL,
  ended_at TEXT NOT NULL
);
CREATE INDEX fediverse_follows_ended_ended ON fediverse_follows_ended (ended_at);

-- Reply emails (issue 16): on unless the member turns them off (the Account page, or the one-click
-- link in every such email); at most one per member and thread an hour.
ALTER TABLE users ADD COLUMN reply_emails INTEGER NOT NULL DEFAULT 1 CHECK (reply_emails IN (0, 1));

CREATE TABLE reply_notices (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  thread_id INTEGER NOT NULL REFERENCES discussion_threads (id) ON DELETE CASCADE,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (user_id, thread_id)
) WITHOUT ROWID;

-- The owner's daily digest of new comments and reports: how far the last one reached.
CREATE TABLE owner_digest (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  covered_until TEXT NOT NULL
);

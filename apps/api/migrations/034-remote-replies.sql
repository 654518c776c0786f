-- Replies written on other servers (issue 38, decision 0033): a fediverse note or a webmention
-- answering one of the site's items, held for the owner, shown with the member comments once
-- approved. Their own table, beside `comments` (whose author is always a member).

-- Someone who replied from another server, by the address that names them there (an actor's id,
-- a webmention author's page). Names are text, shown as text.
CREATE TABLE remote_authors (
  id INTEGER PRIMARY KEY,
  actor_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  -- @user@host on the fediverse; NULL for a webmention's author.
  handle TEXT,
  -- Their profile page.
  url TEXT NOT NULL,
  -- Where their avatar is on their server; readers are never sent there.
  avatar_source TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE remote_replies (
  id INTEGER PRIMARY KEY,
  thread_id INTEGER NOT NULL REFERENCES discussion_threads (id) ON DELETE CASCADE,
  -- Replies go one level deep, as comments do: under a top-level member comment or a top-level
  -- remote reply of the same thread, or (both NULL) at the top.
  parent_comment_id INTEGER REFERENCES comments (id) ON DELETE CASCADE,
  parent_reply_id INTEGER REFERENCES remote_replies (id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES remote_authors (id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('fediverse', 'webmention')),
  -- The remote object (a note's id, a webmention's source): receiving it again changes this row.
  object_id TEXT NOT NULL UNIQUE,
  -- The original, as its author's server shows it.
  url TEXT NOT NULL,
  -- Plain text: the incoming HTML sanitized down to what the conversation shows.
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'approved', 'rejected')),
  received_at TEXT NOT NULL,
  edited_at TEXT,
  reviewed_at TEXT,
  reviewed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  CHECK (parent_comment_id IS NULL OR parent_reply_id IS NULL)
);
CREATE INDEX remote_replies_thread ON remote_replies (thread_id, received_at);
CREATE INDEX remote_replies_status ON remote_replies (status, received_at);
CREATE INDEX remote_replies_author ON remote_replies (author_id);

-- A member's comment that answers a remote reply: shown under it (when that reply is at the top)
-- and, when the owner or a moderator wrote it, sent back to the reply's author.
ALTER TABLE comments ADD COLUMN answers_reply_id INTEGER
  REFERENCES remote_replies (id) ON DELETE SET NULL;

-- The members area and community: profiles, bookmarks, discussions, events, moderation and the
-- log of staff actions. Timestamps are ISO-8601 UTC strings from the injected clock.
-- Users are never deleted, only tombstoned (003), so their rows here are removed by the account
-- deletion code rather than by ON DELETE CASCADE.

-- The editable profile beyond users.name and users.avatar_url. No row means the defaults:
-- empty bio, no website, hidden from the directory.
CREATE TABLE member_profiles (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  bio TEXT NOT NULL DEFAULT '',
  website TEXT,
  show_in_directory INTEGER NOT NULL DEFAULT 0 CHECK (show_in_directory IN (0, 1)),
  updated_at TEXT NOT NULL
);
CREATE INDEX member_profiles_directory ON member_profiles (show_in_directory) WHERE show_in_directory = 1;

CREATE TABLE bookmarks (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Content ids are stable: a removed post keeps its row (004), so a bookmark can point at it.
  content_id INTEGER NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, content_id)
);
CREATE INDEX bookmarks_recent ON bookmarks (user_id, created_at DESC);

-- A conversation: one per post (made when the first comment arrives) or a general thread a
-- member opens. A general thread's opening text is its first comment, so it can be reported,
-- hidden and deleted like any other.
CREATE TABLE discussion_threads (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('post', 'general')),
  content_id INTEGER UNIQUE REFERENCES content_items (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  last_activity_at TEXT NOT NULL,
  CHECK ((kind = 'post') = (content_id IS NOT NULL))
);
CREATE INDEX discussion_threads_activity ON discussion_threads (last_activity_at DESC);

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  thread_id INTEGER NOT NULL REFERENCES discussion_threads (id) ON DELETE CASCADE,
  -- Replies go one level deep: a parent is always a top-level comment of the same thread.
  parent_id INTEGER REFERENCES comments (id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Plain text, normalised by the domain's comment schema; '' once deleted.
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'visible' CHECK (status IN ('visible', 'hidden', 'deleted')),
  created_at TEXT NOT NULL,
  edited_at TEXT,
  moderated_at TEXT,
  moderated_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX comments_thread ON comments (thread_id, created_at);
CREATE INDEX comments_author ON comments (author_id, created_at);

-- A member's flag on a comment. Open until a moderator acts on the comment or dismisses them.
CREATE TABLE comment_reports (
  id INTEGER PRIMARY KEY,
  comment_id INTEGER NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  reporter_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  reason TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'actioned', 'dismissed')),
  created_at TEXT NOT NULL,
  resolved_at TEXT,
  resolved_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (comment_id, reporter_id)
);
CREATE INDEX comment_reports_open ON comment_reports (status, created_at) WHERE status = 'open';

CREATE TABLE member_warnings (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  issued_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX member_warnings_user ON member_warnings (user_id, created_at DESC);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- Instants (UTC); time_zone is where the event happens, for display and the .ics file.
  starts_at TEXT NOT NULL,
  ends_at TEXT,
  time_zone TEXT NOT NULL,
  location TEXT,
  url TEXT,
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'cancelled')),
  created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX events_upcoming ON events (status, starts_at);

CREATE TABLE event_rsvps (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (event_id, user_id)
);

-- Who did what and when: every moderation step, role change, ban, deletion and console change.
-- Rows are only ever added. The target's name is read live from users, so a deleted account
-- shows as deleted here too and no personal data outlives it in the log.
CREATE TABLE moderation_log (
  id INTEGER PRIMARY KEY,
  actor_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  action TEXT NOT NULL,
  target_user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  comment_id INTEGER REFERENCES comments (id) ON DELETE SET NULL,
  -- Words about the target that stay meaningful later (thread title, old and new role, ...).
  summary TEXT NOT NULL,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX moderation_log_recent ON moderation_log (created_at DESC, id DESC);

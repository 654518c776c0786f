-- Content synced from the Markdown files in CONTENT_DIR. The files are the source of truth: a row is
-- rewritten only when its file's hash changes, and a removed file marks its row removed (never deleted,
-- so its id stays stable if the file comes back).
CREATE TABLE content_items (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('post', 'journal', 'poem', 'now', 'book', 'project', 'page')),
  slug TEXT NOT NULL,
  -- Path relative to CONTENT_DIR, with forward slashes.
  source_path TEXT NOT NULL UNIQUE,
  -- sha256 of the file bytes plus the renderer version: equal hash, nothing to do.
  source_hash TEXT NOT NULL,
  -- As declared; 'scheduled' is derived at read time from published_at > now, so it needs no re-sync.
  status TEXT NOT NULL CHECK (status IN ('published', 'draft')),
  title TEXT NOT NULL,
  -- ISO 8601 instant; items sort and publish by it.
  published_at TEXT NOT NULL,
  updated_at TEXT,
  category TEXT NOT NULL DEFAULT '',
  sub_category TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  keywords TEXT NOT NULL DEFAULT '',
  excerpt_short TEXT NOT NULL DEFAULT '',
  excerpt_medium TEXT NOT NULL DEFAULT '',
  excerpt_long TEXT NOT NULL DEFAULT '',
  featured_image_url TEXT,
  author_id TEXT NOT NULL DEFAULT '',
  author_name TEXT NOT NULL DEFAULT '',
  author_avatar TEXT,
  html TEXT NOT NULL,
  -- Plain text of the body, for search and excerpts.
  body_text TEXT NOT NULL,
  word_count INTEGER NOT NULL,
  reading_minutes INTEGER NOT NULL,
  -- Kind-specific fields (book rating, quotes, project links, ...) as JSON.
  data TEXT NOT NULL DEFAULT '{}',
  synced_at TEXT NOT NULL,
  removed_at TEXT,
  UNIQUE (kind, slug)
);

CREATE INDEX content_items_listing ON content_items (kind, removed_at, published_at DESC);
CREATE INDEX content_items_category ON content_items (kind, category, published_at DESC);

-- Full-text search over posts, journal entries and poems; kept in sync by the triggers below, so
-- no code path can forget it. Visibility (draft, scheduled, removed) is checked at query time.
CREATE VIRTUAL TABLE content_search USING fts5 (
  title,
  body,
  tags,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER content_items_search_insert AFTER INSERT ON content_items
WHEN new.kind IN ('post', 'journal', 'poem')
BEGIN
  INSERT INTO content_search (rowid, title, body, tags)
  VALUES (new.id, new.title, new.body_text, new.keywords || ' ' || new.tags);
END;

CREATE TRIGGER content_items_search_update AFTER UPDATE ON content_items
BEGIN
  DELETE FROM content_search WHERE rowid = old.id;
  INSERT INTO content_search (rowid, title, body, tags)
  SELECT new.id, new.title, new.body_text, new.keywords || ' ' || new.tags
  WHERE new.kind IN ('post', 'journal', 'poem');
END;

CREATE TRIGGER content_items_search_delete AFTER DELETE ON content_items
BEGIN
  DELETE FROM content_search WHERE rowid = old.id;
END;

-- One row: bumped by every sync that changed something, so readers can cache rendered answers and
-- know cheaply when to drop them.
CREATE TABLE content_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  generation INTEGER NOT NULL,
  synced_at TEXT
);
INSERT INTO content_state (id, generation, synced_at) VALUES (1, 0, NULL);

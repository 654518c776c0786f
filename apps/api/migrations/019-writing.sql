-- Writing in the browser: what each save in the console replaced (restorable, per file), and
-- what the owner removed (restorable until the trash is emptied).
CREATE TABLE content_revisions (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  text TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  saved_by INTEGER REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX content_revisions_by_path ON content_revisions (path, id);

CREATE TABLE content_trash (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  removed_at TEXT NOT NULL
);

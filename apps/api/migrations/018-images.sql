-- Images the site serves, by the hash of the source's bytes: their served size and whether their
-- variants (widths × AVIF, WebP and the original's format, on disk under the data folder) exist.
CREATE TABLE images (
  hash TEXT PRIMARY KEY,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  fallback TEXT NOT NULL CHECK (fallback IN ('jpg', 'png')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
  error TEXT,
  created_at TEXT NOT NULL,
  ready_at TEXT
);
CREATE INDEX images_pending ON images (status) WHERE status = 'pending';

-- Which file under CONTENT_DIR/images holds which image, so a sync hashes only files that changed.
CREATE TABLE image_files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  hash TEXT NOT NULL REFERENCES images (hash)
);

-- A post's featured image (a book's cover, a project's picture) as served: ImageVariants JSON.
ALTER TABLE content_items ADD COLUMN featured_image_variants TEXT;

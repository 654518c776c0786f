-- The author's bio (authors.yml), shown under their posts. The sync fills it in: RENDER_VERSION
-- changed with this column, so every file is read again on the next sync.
ALTER TABLE content_items ADD COLUMN author_bio TEXT;

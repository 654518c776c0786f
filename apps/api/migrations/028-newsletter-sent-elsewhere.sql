-- Posts another platform already mailed (issue 34): an import from Substack says which, and the
-- New issue picker does not offer them for sending again. Keyed by the item's kind and slug, as
-- the picker lists them and as the imported file names them; kept if the file is renamed, since
-- the slug is what says it is the same post.
CREATE TABLE newsletter_sent_elsewhere (
  kind TEXT NOT NULL,
  slug TEXT NOT NULL,
  platform TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (kind, slug)
) WITHOUT ROWID;

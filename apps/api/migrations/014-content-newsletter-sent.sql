-- When a newsletter issue made from an item first started going out: the newsletter module tells
-- the content module, which owns content_items, instead of content reading newsletter_issues.
ALTER TABLE content_items ADD COLUMN newsletter_sent_at TEXT;

UPDATE content_items SET newsletter_sent_at = (
  SELECT min(n.started_at) FROM newsletter_issues n
  WHERE n.content_id = content_items.id AND n.status <> 'cancelled' AND n.started_at IS NOT NULL
);

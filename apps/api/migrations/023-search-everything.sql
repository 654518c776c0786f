-- Search covers every kind a reader can open (issue 26): books, projects and pages too, besides
-- posts, journal entries and poems. The triggers index them from now on; the rows already there
-- are indexed once here.
DROP TRIGGER content_items_search_insert;
DROP TRIGGER content_items_search_update;

CREATE TRIGGER content_items_search_insert AFTER INSERT ON content_items
WHEN new.kind IN ('post', 'journal', 'poem', 'book', 'project', 'page')
BEGIN
  INSERT INTO content_search (rowid, title, body, tags)
  VALUES (new.id, new.title, new.body_text, new.keywords || ' ' || new.tags);
END;

CREATE TRIGGER content_items_search_update AFTER UPDATE ON content_items
BEGIN
  DELETE FROM content_search WHERE rowid = old.id;
  INSERT INTO content_search (rowid, title, body, tags)
  SELECT new.id, new.title, new.body_text, new.keywords || ' ' || new.tags
  WHERE new.kind IN ('post', 'journal', 'poem', 'book', 'project', 'page');
END;

INSERT INTO content_search (rowid, title, body, tags)
  SELECT id, title, body_text, keywords || ' ' || tags FROM content_items
  WHERE kind IN ('book', 'project', 'page');

-- Which conversation changed, in the order of changes (issue 35): a comment's change drops only
-- the cached pages that show the conversation under its item, and the pages that show comment
-- counts only when the item's count moved. One row per commented item; numbers, never a person.
-- No foreign key: a row stays when its item goes, so the latest number never goes back.
CREATE TABLE conversation_changes (
  content_id INTEGER PRIMARY KEY,
  -- The number of the item's latest change: one more than any change before it, on any item.
  changed INTEGER NOT NULL,
  -- The number of its latest change that moved its count of visible comments; 0 while none has.
  count_changed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX conversation_changes_order ON conversation_changes (changed);

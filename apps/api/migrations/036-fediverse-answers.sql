-- The owner's (or a moderator's) answers to fediverse replies, sent back to the reply's author as
-- a Create{Note} (issue 38 item 4, decision 0033): each once. The Note's id is made from the
-- comment's, so a reply to it comes back under the same conversation.
CREATE TABLE fediverse_answers (
  -- discussions' comments(id); no foreign key: the comment is the discussions module's row.
  comment_id INTEGER PRIMARY KEY,
  note_id TEXT NOT NULL,
  sent_at TEXT NOT NULL
);

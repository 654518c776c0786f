-- Webmentions our posts sent (issue 38 item 5, decision 0034): per post, the version of it they
-- were sent for and the pages it linked to then, so each page is told once, again only when the
-- post changes, and a page the post stopped linking to (or a post withdrawn) is told too.
CREATE TABLE webmention_posts (
  content_id INTEGER PRIMARY KEY,
  -- The post's address when it was sent: a withdrawn post's pages are told this one is gone.
  source TEXT NOT NULL,
  -- sha256 of the post's HTML as sent.
  sent_hash TEXT NOT NULL,
  -- JSON array of the external pages it linked to.
  targets TEXT NOT NULL,
  -- 'published', or 'withdrawn' once its targets were told it is gone.
  state TEXT NOT NULL CHECK (state IN ('published', 'withdrawn')),
  sent_at TEXT NOT NULL
);

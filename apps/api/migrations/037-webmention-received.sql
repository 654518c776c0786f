-- Webmention (issue 38 item 5, decision 0034): the work of verifying what others sent and of
-- sending our own, as the mail outbox keeps mail: claimed with a lease, retried with backoff, and
-- a job left 'working' by a process that died taken back, so a restart loses nothing.
CREATE TABLE webmention_jobs (
  id INTEGER PRIMARY KEY,
  -- 'verify': a mention received (source: their page, target: ours); 'send': one of our posts
  -- (source) told about a page it links to (target).
  kind TEXT NOT NULL CHECK (kind IN ('verify', 'send')),
  source TEXT NOT NULL,
  target TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'working')),
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at TEXT NOT NULL,
  locked_until TEXT,
  -- The process that claimed it: a new process takes back what another left 'working'.
  claimed_by TEXT,
  last_error TEXT,
  -- Sent again while it was being worked on: it runs once more when this run ends.
  again INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  -- A mention sent again before it was verified is one job, not two.
  UNIQUE (kind, source, target)
);
CREATE INDEX webmention_jobs_due ON webmention_jobs (status, due_at);

-- Mentions verified, each a remote reply in the post's conversation (the discussions module
-- keeps it), so a later send of the same source updates it, or removes it when the page is gone or
-- no longer links here.
CREATE TABLE webmention_mentions (
  source TEXT NOT NULL,
  target TEXT NOT NULL,
  -- Whom the reply was kept as written by (their page): only they may change or remove it.
  author_id TEXT NOT NULL,
  verified_at TEXT NOT NULL,
  PRIMARY KEY (source, target)
) WITHOUT ROWID;

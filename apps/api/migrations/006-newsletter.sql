-- Newsletter sends (issue 8): an issue made from a published item, one row per recipient fixed when
-- the send starts, and the batches that hand recipients to the SMTP relay. Timestamps are ISO-8601
-- UTC strings from the injected clock.

CREATE TABLE newsletter_issues (
  id INTEGER PRIMARY KEY,
  -- The post, journal entry or poem it was made from. Content rows are never deleted (a removed
  -- file only marks its row removed), so the reference stays valid.
  content_id INTEGER NOT NULL REFERENCES content_items (id),
  kind TEXT NOT NULL CHECK (kind IN ('post', 'journal', 'poem')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  section TEXT NOT NULL CHECK (section IN ('build', 'learn', 'write', 'journal', 'poetry')),
  subject TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')),
  scheduled_at TEXT,
  started_at TEXT,
  -- Set once every recipient row exists; until then a restarted sender fixes the list again.
  recipients_fixed_at TEXT,
  finished_at TEXT,
  pause_reason TEXT,
  -- The mail as rendered at the start, with placeholders for each recipient's links; later edits
  -- of the post do not change what the rest of the list receives.
  html TEXT,
  text TEXT,
  -- Which process is delivering this issue and until when its claim holds without a heartbeat:
  -- two processes (the API and the CLI) never deliver the same issue at once.
  lease_owner TEXT,
  lease_until TEXT,
  created_by INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One live issue per item: sending the same post twice takes cancelling the first issue.
CREATE UNIQUE INDEX newsletter_issues_content ON newsletter_issues (content_id)
  WHERE status <> 'cancelled';
CREATE INDEX newsletter_issues_due ON newsletter_issues (status, scheduled_at);

-- Marked 'sending' (committed) before any of its recipients goes to the relay and 'done' after
-- every outcome is written. A batch still 'sending' when a new process takes the issue over was
-- cut off by a crash: it becomes 'uncertain' and waits for the owner instead of being resent.
CREATE TABLE newsletter_batches (
  id INTEGER PRIMARY KEY,
  issue_id INTEGER NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('sending', 'done', 'uncertain', 'resolved')),
  size INTEGER NOT NULL,
  owner TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  resolution TEXT CHECK (resolution IN ('resend', 'skip')),
  resolved_at TEXT
);
CREATE INDEX newsletter_batches_issue ON newsletter_batches (issue_id, status);

CREATE TABLE newsletter_recipients (
  issue_id INTEGER NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
  -- Erasing a subscriber erases their rows here too.
  subscriber_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- The address when the list was fixed, for the report.
  email TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sent', 'failed', 'bounced', 'skipped', 'uncertain')),
  -- The batch that holds it now, or last handed it to the relay.
  batch_id INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  response_code INTEGER,
  sent_at TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (issue_id, subscriber_id)
) WITHOUT ROWID;
-- The sender's next batch, the progress counts and the uncertain lookups all start here.
CREATE INDEX newsletter_recipients_status ON newsletter_recipients (issue_id, status, next_attempt_at);
CREATE INDEX newsletter_recipients_subscriber ON newsletter_recipients (subscriber_id);

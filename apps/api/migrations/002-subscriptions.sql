-- Newsletter subscriptions, their verification tokens and consent records, and the transactional
-- mail outbox. Timestamps are ISO-8601 UTC strings from the injected clock, so they sort as text.

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  -- As typed (trimmed by the domain's email schema); one row per address, compared without case.
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  name TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'unsubscribed')),
  verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  wants_account INTEGER NOT NULL DEFAULT 0 CHECK (wants_account IN (0, 1)),
  -- Newsletter sections as a JSON object validated by the domain's preferences schema.
  preferences TEXT NOT NULL DEFAULT '{}',
  -- Mixed into every manage and unsubscribe signature; rotating it revokes all links sent so far.
  link_key TEXT NOT NULL,
  subscribed_at TEXT NOT NULL,
  verified_at TEXT,
  unsubscribed_at TEXT,
  -- Set when the relay refuses the address permanently (SMTP 5xx); the newsletter skips it.
  bounced_at TEXT,
  -- The one live verification token, as its SHA-256 (the token itself exists only in the email).
  -- Issuing a new one overwrites it, which cancels the older; verifying clears it: single use.
  verify_token_hash TEXT UNIQUE,
  verify_token_expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- No index on status: the counts and the newsletter's recipient list read the whole table
-- anyway, and every index is one more page written by each subscribe.

-- Proof of consent (and of its withdrawal), exported with the subscriber's data.
CREATE TABLE consent_records (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  action TEXT NOT NULL CHECK (action IN ('subscribe', 'confirm', 'withdraw')),
  -- Which form or channel: e.g. 'subscribe-form', 'one-click-unsubscribe'.
  source TEXT NOT NULL,
  consent_text TEXT NOT NULL,
  -- HMAC-SHA256 of the client IP with the server secret: comparable, not reversible.
  ip_hash TEXT,
  created_at TEXT NOT NULL
);
-- Not indexed by subscription: export and erasure are rare and may scan; subscribe is not.

-- Mail is written here in the same transaction as the state change it announces; the worker
-- in the API process delivers it, so no HTTP response waits on SMTP and nothing is lost.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  html TEXT NOT NULL,
  text TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '{}',
  -- Stable per row (a random UUID), so a redelivery after a crash is recognisable as the same message.
  message_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  -- While 'sending': the claim expires at this time and another pass may take the row back.
  locked_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  failed_at TEXT
);
-- The worker's only lookup. Finding a recipient's mail (erasure, tests) scans, which is rare.
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

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
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX subscriptions_status ON subscriptions (status);

CREATE TABLE verification_tokens (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- SHA-256 of the token; the token itself exists only in the email.
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT,
  -- A newer token for the same subscription cancels the older ones.
  cancelled_at TEXT
);
CREATE INDEX verification_tokens_subscription ON verification_tokens (subscription_id);

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
CREATE INDEX consent_records_subscription ON consent_records (subscription_id);

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
  -- Stable per row, so a redelivery after a crash is recognisable as the same message.
  message_id TEXT NOT NULL UNIQUE,
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
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient);

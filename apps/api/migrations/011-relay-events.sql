-- What a relay (Mailgun, Postmark, SES) reported after delivery: bounces and complaints, one row
-- per event. It is the owner's log per subscriber, and (UNIQUE relay, event_id) makes every
-- webhook idempotent: a retried or replayed event changes nothing twice.
CREATE TABLE relay_events (
  id INTEGER PRIMARY KEY,
  relay TEXT NOT NULL CHECK (relay IN ('mailgun', 'postmark', 'ses')),
  -- The relay's id for the event (Mailgun: the signature token, which it never reuses).
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('bounce', 'complaint')),
  -- Canonical; erasing the subscriber erases their events.
  recipient TEXT NOT NULL,
  subscription_id INTEGER REFERENCES subscriptions (id) ON DELETE CASCADE,
  -- The relay's words: the receiving server's reply to a bounce, the feedback type of a complaint.
  detail TEXT,
  occurred_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  UNIQUE (relay, event_id)
);

-- Why a subscription is bounced, for the owner's console: the relay's reason, or the SMTP reply.
ALTER TABLE subscriptions ADD COLUMN bounce_reason TEXT;

-- Every Mailgun token verified in the last minutes, whatever its event: a signature covers only
-- timestamp + token, so a token seen once must never be accepted with other event data.
CREATE TABLE relay_tokens (
  relay TEXT NOT NULL,
  token TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  PRIMARY KEY (relay, token)
) WITHOUT ROWID;

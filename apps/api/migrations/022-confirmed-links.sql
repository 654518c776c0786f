-- A confirmation link opened again (issue 26): the spent token's hash is kept with the confirmed
-- subscription, so the second visit says "already confirmed" instead of "invalid or expired".
ALTER TABLE subscriptions ADD COLUMN confirmed_token_hash TEXT;
CREATE INDEX subscriptions_confirmed_token ON subscriptions (confirmed_token_hash)
  WHERE confirmed_token_hash IS NOT NULL;

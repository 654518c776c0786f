-- A confirmation link opened again (issue 26): the spent token's hash is kept with the confirmed
-- subscription, so the second visit says "already confirmed" instead of "invalid or expired".
ALTER TABLE subscriptions ADD COLUMN confirmed_token_hash TEXT;
-- "Also create a member account": when the browser that confirmed took the account (a POST of the
-- same token, so a mail scanner opening the link signs nobody in). Once.
ALTER TABLE subscriptions ADD COLUMN account_claimed_at TEXT;
CREATE INDEX subscriptions_confirmed_token ON subscriptions (confirmed_token_hash)
  WHERE confirmed_token_hash IS NOT NULL;

-- The site as a fediverse account (issue 38, decision 0025).

-- Its key pairs, made once on first use and kept: an RSA key for HTTP Signatures (what Mastodon
-- checks) and an Ed25519 key for Object Integrity proofs. Never derived from SESSION_SECRET, so
-- rotating that secret leaves the account as its followers know it.
CREATE TABLE fediverse_keys (
  algorithm TEXT PRIMARY KEY CHECK (algorithm IN ('RSASSA-PKCS1-v1_5', 'Ed25519')),
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Every handle the account has answered to: a follower who looks up an old one still finds it.
CREATE TABLE fediverse_handles (
  handle TEXT PRIMARY KEY COLLATE NOCASE,
  first_used_at TEXT NOT NULL
);

-- Who follows the site: remote accounts, by the addresses their servers publish.
CREATE TABLE fediverse_followers (
  actor_id TEXT PRIMARY KEY,
  inbox TEXT NOT NULL,
  shared_inbox TEXT,
  -- The follower's server, as the console will group them.
  host TEXT NOT NULL,
  -- The Follow activity an Undo names.
  follow_id TEXT,
  followed_at TEXT NOT NULL
);
CREATE INDEX fediverse_followers_inbox ON fediverse_followers (inbox);
CREATE INDEX fediverse_followers_shared_inbox ON fediverse_followers (shared_inbox);

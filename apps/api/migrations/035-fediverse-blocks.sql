-- Accounts and domains the owner blocks on the social web (issue 38 item 6, decision 0033):
-- their activities are refused before anything is kept, they stop being followers, and their
-- replies go. An account is its actor's address or its @user@host handle; a domain covers its
-- subdomains too.
CREATE TABLE fediverse_blocks (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('account', 'domain')),
  value TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (kind, value)
);

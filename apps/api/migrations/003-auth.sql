-- Member accounts: users, the sign-in methods linked to them, sessions and magic links.
-- Timestamps are ISO-8601 UTC strings from the injected clock, so they compare and sort as text.
-- Secrets (session ids, link tokens, codes) are stored only as hashes.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  -- Contact address; NULL when a provider gave none. Lower-cased.
  email TEXT,
  -- 1 only when the address is proven: a magic link, or a provider that says it verified it.
  email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  name TEXT,
  role TEXT NOT NULL DEFAULT 'member' CHECK (role IN ('subscriber', 'member', 'moderator', 'admin')),
  role_assigned_at TEXT,
  -- NULL when the role came from ADMIN_EMAILS or the default.
  role_assigned_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  avatar_url TEXT,
  -- Banned while banned_at is set and banned_until is NULL (permanent) or in the future.
  banned_at TEXT,
  banned_until TEXT,
  ban_reason TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_sign_in_at TEXT,
  -- A deleted user stays as a tombstone (other tables may point at it) with its personal data
  -- removed; its accounts, sessions and links are deleted with it.
  deleted_at TEXT
);
-- A proven address belongs to one live user; unproven claims may repeat and are never merged.
CREATE UNIQUE INDEX users_verified_email ON users (email)
  WHERE email_verified = 1 AND deleted_at IS NULL;
CREATE INDEX users_email ON users (email);

-- Ways to sign in. Users are found through (provider, provider_account_id), never by email.
-- provider 'email' is the magic link; its provider_account_id is the address.
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('email', 'google', 'github', 'discord', 'facebook')),
  provider_account_id TEXT NOT NULL,
  -- What the provider reported at the last sign-in, kept as reported.
  email TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  display_name TEXT,
  avatar_url TEXT,
  is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_used_at TEXT,
  UNIQUE (provider, provider_account_id)
);
CREATE INDEX accounts_user ON accounts (user_id);
CREATE UNIQUE INDEX accounts_one_primary ON accounts (user_id) WHERE is_primary = 1;

CREATE TABLE sessions (
  -- SHA-256 of the cookie value; the value itself exists only in the browser.
  id_hash TEXT PRIMARY KEY,
  -- Names the session in the sessions list and revoke call without revealing anything usable.
  public_id TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 'email' or a provider: how this session signed in.
  method TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  -- Limits under the policy at sign-in; each request re-checks them under the current role.
  absolute_expires_at TEXT NOT NULL,
  idle_expires_at TEXT,
  user_agent TEXT,
  -- HMAC-SHA256 of the client IP with the server secret: comparable, not reversible.
  ip_hash TEXT
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_absolute_expiry ON sessions (absolute_expires_at);

CREATE TABLE magic_links (
  id INTEGER PRIMARY KEY,
  -- Lower-cased by the domain's magic-link email schema.
  email TEXT NOT NULL,
  -- The live user the address belonged to when the link was sent, if any.
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  -- SHA-256 of the link token.
  token_hash TEXT NOT NULL UNIQUE,
  -- HMAC-SHA256 of the 6-digit code with the server secret: a million codes are not enough
  -- entropy for a plain hash.
  code_hash TEXT NOT NULL,
  code_attempts INTEGER NOT NULL DEFAULT 0,
  return_url TEXT NOT NULL DEFAULT '/',
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT,
  -- A newer link for the same address cancels the older ones.
  cancelled_at TEXT,
  ip_hash TEXT
);
CREATE INDEX magic_links_email ON magic_links (email, created_at);

-- Rate-limit windows, shared by every API process on this database (issue 13): one row per
-- limiter and key (a client IP group, an address, a member), counted by one atomic upsert a hit.
CREATE TABLE rate_limits (
  limiter TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  PRIMARY KEY (limiter, key)
) WITHOUT ROWID;

CREATE INDEX rate_limits_by_reset ON rate_limits (reset_at);

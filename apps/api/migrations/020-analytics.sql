-- Cookieless analytics (issue 25). A visitor is a hash of the day's random salt with the address
-- and user agent, truncated; the salt is kept for its day only, then deleted, so yesterday's
-- visitors can be counted but never linked to today's, nor to anyone.
CREATE TABLE analytics_salts (
  day TEXT PRIMARY KEY,
  salt BLOB NOT NULL
);

-- One row per counted page view, kept ANALYTICS_RETENTION_DAYS (30) days, then only the daily
-- roll-up below remains. No address, no user agent: only what was derived from them.
CREATE TABLE analytics_hits (
  id INTEGER PRIMARY KEY,
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  device TEXT NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
  browser TEXT NOT NULL,
  os TEXT NOT NULL,
  -- Null when the reader asked not to be tracked (Sec-GPC or DNT): a view, not a visitor.
  visitor TEXT
);
CREATE INDEX analytics_hits_by_day ON analytics_hits (day);

-- Each past day in sums: views and that day's distinct visitors, per dimension and value
-- (dimension '' is the whole site), so the database grows with days, not with traffic.
CREATE TABLE analytics_daily (
  day TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  views INTEGER NOT NULL,
  visitors INTEGER NOT NULL,
  PRIMARY KEY (day, dimension, value)
) WITHOUT ROWID;

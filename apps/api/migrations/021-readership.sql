-- Readership (issue 25), second step: the hour of a view (the dashboard's last 24 hours), each
-- day's sums per page as well as for the whole site (a post's own sources), feed readers, where
-- subscribers and members started, and the newsletter's links with their clicks in aggregate.

-- Local to the site's time zone, like `day`.
ALTER TABLE analytics_hits ADD COLUMN hour INTEGER NOT NULL DEFAULT 0 CHECK (hour BETWEEN 0 AND 23);

-- The daily sums gain the page they are about: path '' is the whole site, as before.
CREATE TABLE analytics_daily_by_page (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  dimension TEXT NOT NULL,
  value TEXT NOT NULL,
  views INTEGER NOT NULL,
  visitors INTEGER NOT NULL,
  PRIMARY KEY (day, path, dimension, value)
) WITHOUT ROWID;
INSERT INTO analytics_daily_by_page (day, path, dimension, value, views, visitors)
  SELECT day, '', dimension, value, views, visitors FROM analytics_daily;
-- The per-page totals the old table kept as dimension 'path' become each page's own total.
INSERT INTO analytics_daily_by_page (day, path, dimension, value, views, visitors)
  SELECT day, value, '', '', views, visitors FROM analytics_daily WHERE dimension = 'path';
DROP TABLE analytics_daily;
ALTER TABLE analytics_daily_by_page RENAME TO analytics_daily;

-- Fetches of the site's feeds per day, per feed and per reader (a feed service or an app), with
-- the subscriber count a service states in its user agent ("42 subscribers"): the day's highest.
CREATE TABLE analytics_feeds (
  day TEXT NOT NULL,
  feed TEXT NOT NULL,
  reader TEXT NOT NULL,
  fetches INTEGER NOT NULL,
  subscribers INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, feed, reader)
) WITHOUT ROWID;

-- The page a subscription or an account started on (from the request that made it, never a
-- cookie); null when it came from elsewhere (an import, the CLI, a page that sent no referrer).
ALTER TABLE subscriptions ADD COLUMN start_path TEXT;
ALTER TABLE users ADD COLUMN start_path TEXT;
ALTER TABLE magic_links ADD COLUMN start_path TEXT;

-- Each link of an issue as sent, numbered in the order it appears: the mail links to
-- /r/<issue>/<link>/<signature>, and the redirect finds the address here.
CREATE TABLE newsletter_links (
  issue_id INTEGER NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
  link INTEGER NOT NULL,
  url TEXT NOT NULL,
  PRIMARY KEY (issue_id, link)
) WITHOUT ROWID;

-- Clicks per link and day, in aggregate: never who clicked.
CREATE TABLE newsletter_clicks (
  issue_id INTEGER NOT NULL,
  link INTEGER NOT NULL,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL,
  PRIMARY KEY (issue_id, link, day),
  FOREIGN KEY (issue_id, link) REFERENCES newsletter_links (issue_id, link) ON DELETE CASCADE
) WITHOUT ROWID;

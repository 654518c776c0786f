-- Readership (issue 25), second step: the hour of a view (the dashboard's last 24 hours), each
-- day's sums per page as well as for the whole site (a post's own sources), feed readers, where
-- subscribers and members started, and the newsletter's links with their clicks in aggregate.

-- Local to the site's time zone, like `day`.
ALTER TABLE analytics_hits ADD COLUMN hour INTEGER NOT NULL DEFAULT 0 CHECK (hour BETWEEN 0 AND 23);
-- 1 on a visitor's first view of the day, and on their first view of this page that day: a sum
-- then counts visitors (by what their first view came with: source, device) without a DISTINCT
-- over the day's rows.
ALTER TABLE analytics_hits ADD COLUMN first_of_day INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analytics_hits ADD COLUMN first_on_page INTEGER NOT NULL DEFAULT 0;
UPDATE analytics_hits SET first_of_day = 1 WHERE id IN (
  SELECT MIN(id) FROM analytics_hits WHERE visitor IS NOT NULL GROUP BY day, visitor);
UPDATE analytics_hits SET first_on_page = 1 WHERE id IN (
  SELECT MIN(id) FROM analytics_hits WHERE visitor IS NOT NULL GROUP BY day, visitor, path);

-- The daily sums gain the page they are about: path '' is the whole site, as before (its
-- dimension 'path' lists the pages), any other path is that page's own total (dimension '') and
-- sources. Keyed page first, then dimension, then day: every report reads one dimension of one
-- page (or of the site) over a run of days.
CREATE TABLE analytics_daily_by_page (
  path TEXT NOT NULL,
  dimension TEXT NOT NULL,
  day TEXT NOT NULL,
  value TEXT NOT NULL,
  views INTEGER NOT NULL,
  visitors INTEGER NOT NULL,
  PRIMARY KEY (path, dimension, day, value)
) WITHOUT ROWID;
INSERT INTO analytics_daily_by_page (path, dimension, day, value, views, visitors)
  SELECT '', dimension, day, value, views, visitors FROM analytics_daily;
INSERT INTO analytics_daily_by_page (path, dimension, day, value, views, visitors)
  SELECT value, '', day, '', views, visitors FROM analytics_daily WHERE dimension = 'path';
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

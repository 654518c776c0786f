-- A source's or campaign's visitors are the distinct visitors who came that way that day (issue
-- 34): counted by each visitor's first view only, a later source read "0 visitors, 1 view". The
-- days already summed whose raw views are still kept are summed again that way; older days keep
-- the sums they have, as their views are gone.
CREATE TEMP TABLE recounted_days AS
  SELECT DISTINCT d.day FROM analytics_daily d
  WHERE d.path = '' AND d.dimension = '' AND EXISTS (SELECT 1 FROM analytics_hits h WHERE h.day = d.day);

DELETE FROM analytics_daily
WHERE day IN (SELECT day FROM recounted_days)
  AND dimension IN ('source', 'utm_source', 'utm_medium', 'utm_campaign');

INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
  SELECT '', 'source', day, COALESCE(source, ''), COUNT(*), COUNT(DISTINCT visitor)
  FROM analytics_hits WHERE day IN (SELECT day FROM recounted_days) GROUP BY day, 4;
INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
  SELECT '', 'utm_source', day, COALESCE(utm_source, ''), COUNT(*), COUNT(DISTINCT visitor)
  FROM analytics_hits WHERE day IN (SELECT day FROM recounted_days) GROUP BY day, 4;
INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
  SELECT '', 'utm_medium', day, COALESCE(utm_medium, ''), COUNT(*), COUNT(DISTINCT visitor)
  FROM analytics_hits WHERE day IN (SELECT day FROM recounted_days) GROUP BY day, 4;
INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
  SELECT '', 'utm_campaign', day, COALESCE(utm_campaign, ''), COUNT(*), COUNT(DISTINCT visitor)
  FROM analytics_hits WHERE day IN (SELECT day FROM recounted_days) GROUP BY day, 4;
-- Each page's own sources.
INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
  SELECT path, 'source', day, source, COUNT(*), COUNT(DISTINCT visitor)
  FROM analytics_hits WHERE day IN (SELECT day FROM recounted_days) GROUP BY path, day, source;

DROP TABLE recounted_days;

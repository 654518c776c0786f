-- The analytics key lives in the server's memory only (issue 35): kept in this table beside the
-- day's visitor ids, it let anyone with a copy of the database (a backup, its WAL) try addresses
-- against them. secure_delete zeroes the pages it held, and the upgrade truncates the WAL.
DROP TABLE analytics_salts;

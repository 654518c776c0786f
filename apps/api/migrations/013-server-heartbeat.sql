-- A running server's heartbeat (db/backup.ts), so a restore can tell the file is in use. It was a
-- row of site_settings; it is the backup tool's, not a setting the owner edits.
CREATE TABLE server_heartbeat (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  beat_at TEXT NOT NULL
);

INSERT INTO server_heartbeat (id, beat_at)
  SELECT 1, value FROM site_settings WHERE key = 'server_heartbeat';
DELETE FROM site_settings WHERE key = 'server_heartbeat';

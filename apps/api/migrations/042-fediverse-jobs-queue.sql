-- Jobs by the queue they are in (decision 0040): activities taken in ('inbox') are worked on by
-- the thread that serves pages, deliveries ('outbox', Fedify's fan-outs with them) by a thread of
-- their own, so a post sent to thousands of followers never sits between readers' requests. Each
-- worker claims and takes back only its own queue's jobs.
ALTER TABLE fediverse_jobs ADD COLUMN queue TEXT NOT NULL DEFAULT 'outbox'
  CHECK (queue IN ('inbox', 'outbox'));
UPDATE fediverse_jobs SET queue = 'inbox' WHERE json_extract(message, '$.type') = 'inbox';
CREATE INDEX fediverse_jobs_claimable_in_queue
  ON fediverse_jobs (queue, status, id, due_at, locked_until, ordering_key);
DROP INDEX fediverse_jobs_claimable;

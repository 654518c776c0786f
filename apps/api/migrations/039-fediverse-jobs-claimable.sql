-- Claiming the next jobs walks one index in id order and stops at the first it may take, reading
-- nothing of the queued messages (issue 38's fan-out bench): each row's message, 10 kB and more,
-- comes before its status, so a claim that read rows paid for every queued message, each time a
-- delivery ended. Status, due time, lease and ordering key are all the claim looks at.
CREATE INDEX fediverse_jobs_claimable
  ON fediverse_jobs (status, id, due_at, locked_until, ordering_key);
-- Its first columns do what this one did (the queue's depth, by status and due time).
DROP INDEX fediverse_jobs_due;

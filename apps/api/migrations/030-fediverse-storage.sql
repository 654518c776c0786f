-- What Fedify keeps between requests and restarts (issue 38, decision 0025): a key–value store
-- (remote documents and keys it fetched, idempotence marks, which signature dialect a server
-- speaks) and the queue of activities going out and coming in.
CREATE TABLE fediverse_kv (
  -- The key's parts as a JSON array: ["_fedify","remoteDocument","https://…"].
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  -- ISO 8601 instant after which the entry is gone; NULL keeps it.
  expires_at TEXT
) WITHOUT ROWID;
CREATE INDEX fediverse_kv_expiry ON fediverse_kv (expires_at) WHERE expires_at IS NOT NULL;

-- Jobs as the mail outbox keeps mail: claimed with a lease, retried with backoff, and a job left
-- 'working' by a process that died is taken back, so a restart loses nothing.
CREATE TABLE fediverse_jobs (
  id INTEGER PRIMARY KEY,
  -- Fedify's message, JSON.
  message TEXT NOT NULL,
  -- Jobs with the same key run one at a time, in order (a Delete never overtakes its Create).
  ordering_key TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'working')),
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at TEXT NOT NULL,
  locked_until TEXT,
  -- The process that claimed it: a new process takes back what another left 'working'.
  claimed_by TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX fediverse_jobs_due ON fediverse_jobs (status, due_at);
CREATE INDEX fediverse_jobs_ordering ON fediverse_jobs (ordering_key, id) WHERE ordering_key IS NOT NULL;

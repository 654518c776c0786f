import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';

const caches = new WeakMap<Db, Map<string, Statement>>();

/**
 * `db.prepare(sql)`, compiled once per connection and reused: preparing costs more than running
 * most of our statements, and hot paths (subscribe, the outbox) run a handful per request.
 */
export function statement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

/**
 * Ids as one JSON array, each once, for `id IN (SELECT value FROM json_each(?))`: one prepared
 * statement answers for any number of ids, where a list of `?` would be a new statement each time.
 */
export function idList(ids: Iterable<number>): string {
  return JSON.stringify([...new Set(ids)]);
}

/** `%q%` for `LIKE ... ESCAPE '\'`, with LIKE's own wildcards in `q` taken literally. */
export function likeContaining(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const runners = new WeakMap<Db, (work: () => unknown) => unknown>();

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction (nested calls become savepoints), reusing one
 * transaction wrapper per connection instead of building a new one for every call.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  let runner = runners.get(db);
  if (!runner) {
    runner = db.transaction((inner: () => unknown) => inner()).immediate;
    runners.set(db, runner);
  }
  return runner(work) as T;
}

/**
 * After an erasure has committed: copies the WAL into the database file and empties it. The file's
 * pages are zeroed as rows go (secure_delete), but the WAL keeps older copies of them (an address,
 * a name) until new frames overwrite them. A checkpoint cannot run inside a transaction.
 */
export function forgetOlderCopies(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}

interface PendingWork {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const groups = new WeakMap<Db, PendingWork[]>();

/**
 * Group commit: runs `work` in a transaction shared with the other work queued in the same turn
 * of the event loop, each inside its own savepoint. One failing piece rolls back only itself;
 * every promise settles after the shared COMMIT, so an answer never precedes durability. Under
 * load this spreads the cost of a commit (most of a small write's cost in SQLite) over many
 * requests; alone, it costs one `setImmediate`.
 */
export function inGroupCommit<T>(db: Db, work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = groups.get(db);
    if (!queue) {
      queue = [];
      groups.set(db, queue);
      setImmediate(() => flush(db));
    }
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: Db): void {
  const batch = groups.get(db) ?? [];
  groups.delete(db);
  const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    inTransaction(db, () => {
      for (const { work } of batch) {
        try {
          outcomes.push({ ok: true, value: inTransaction(db, work) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    for (const pending of batch) pending.reject(error);
    return;
  }
  batch.forEach((pending, index) => {
    const outcome = outcomes[index]!;
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}

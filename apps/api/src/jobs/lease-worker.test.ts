/**
 * The lease worker on a queue of its own: a table made here, in a real SQLite file, with the store
 * functions a module would write for it, and time from the injected clock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { openDatabase, type Db } from '../db/connection.js';
import { createLogger } from '../logger.js';
import { capturedLog } from '../test-support/captured-log.js';
import { cleanupAfterEach } from '../test-support/test-app.js';
import { leaseWorker, type LeasedJobStore, type LeaseSettings } from './lease-worker.js';

const track = cleanupAfterEach();
const silent = createLogger('silent');

interface Chore {
  id: number;
  name: string;
  attempts: number;
}

interface ChoreRow {
  name: string;
  status: string;
  attempts: number;
  due_at: string;
  last_error: string | null;
}

function choresFile(): { db: Db; rows(): ChoreRow[]; add(name: string, dueAt: string): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-lease-'));
  const db = openDatabase(path.join(dir, 'chores.db'));
  track(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  db.exec(`CREATE TABLE chores (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    due_at TEXT NOT NULL, locked_until TEXT, claimed_by TEXT,
    attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT)`);
  return {
    db,
    rows: () =>
      db
        .prepare('SELECT name, status, attempts, due_at, last_error FROM chores ORDER BY id')
        .all() as ChoreRow[],
    add: (name, dueAt) =>
      void db.prepare('INSERT INTO chores (name, due_at) VALUES (?, ?)').run(name, dueAt),
  };
}

function choreStore(db: Db): LeasedJobStore<Chore> {
  return {
    claim: (claim) =>
      db
        .prepare(
          `UPDATE chores SET status = 'working', locked_until = @lockedUntil,
             claimed_by = @claimant, attempts = attempts + 1
           WHERE id IN (
             SELECT id FROM chores
             WHERE (status = 'pending' AND due_at <= @now)
                OR (status = 'working' AND locked_until <= @now)
             ORDER BY id LIMIT @limit)
           RETURNING id, name, attempts`,
        )
        .all(claim) as Chore[],
    finish: (chore) => void db.prepare('DELETE FROM chores WHERE id = ?').run(chore.id),
    retryLater: (chore, dueAt, reason) =>
      void db
        .prepare(
          `UPDATE chores SET status = 'pending', due_at = ?, locked_until = NULL,
             claimed_by = NULL, last_error = ? WHERE id = ?`,
        )
        .run(dueAt, reason, chore.id),
    reclaimOthers: (claimant) =>
      db
        .prepare(
          `UPDATE chores SET status = 'pending', locked_until = NULL, claimed_by = NULL
           WHERE status = 'working' AND claimed_by IS NOT ?`,
        )
        .run(claimant).changes,
  };
}

const settings: LeaseSettings = {
  pollIntervalMs: 60_000,
  concurrency: 2,
  maxAttempts: 5,
  backoffBaseMs: 1_000,
  backoffMaxMs: 3_000,
  leaseMs: 60_000,
};

function worker(
  db: Db,
  clock: ReturnType<typeof manualClock>,
  handle: (chore: Chore) => Promise<void> | void,
  more: Partial<LeaseSettings> & { logger?: ReturnType<typeof createLogger> } = {},
) {
  const { logger = silent, ...overrides } = more;
  return leaseWorker({
    db,
    clock,
    logger,
    name: 'chores',
    channel: 'chores',
    settings: { ...settings, ...overrides },
    store: choreStore(db),
    handle,
    describe: (chore) => ({ chore: chore.name }),
    isLasting: (error) => error instanceof Error && error.message === 'gone for good',
  });
}

/** A handler that never returns: its process died, or the server it waits on never answers. */
const hangs = () => new Promise<void>(() => undefined);

describe('the lease worker', () => {
  it('tries a failing job again after a wait that doubles up to its cap, then gives it up', async () => {
    const { db, rows, add } = choresFile();
    const clock = manualClock();
    add('water the plants', '2026-01-01T09:00:00.000Z');
    const queue = worker(db, clock, () => {
      throw new Error('the tap is off');
    });

    expect(await queue.runDue()).toBe(1);
    expect(rows()).toEqual([
      {
        name: 'water the plants',
        status: 'pending',
        attempts: 1,
        due_at: '2026-01-01T09:00:01.000Z',
        last_error: 'the tap is off',
      },
    ]);
    clock.advance(999);
    expect(await queue.runDue()).toBe(0);
    const waits = [];
    for (let attempt = 1; attempt < settings.maxAttempts; attempt += 1) {
      const [before] = rows();
      clock.set(Date.parse(before!.due_at));
      expect(await queue.runDue()).toBe(1);
      const [after] = rows();
      if (after) waits.push(Date.parse(after.due_at) - Date.parse(before!.due_at));
    }
    expect(waits).toEqual([2_000, 3_000, 3_000]);
    expect(rows()).toEqual([]);
  });

  it('finishes a job that succeeds, and gives up at once on a failure no retry mends', async () => {
    const { db, rows, add } = choresFile();
    const clock = manualClock();
    add('post the letter', '2026-01-01T09:00:00.000Z');
    add('call the old number', '2026-01-01T09:00:00.000Z');
    const log = capturedLog();
    const done: string[] = [];
    const queue = worker(
      db,
      clock,
      (chore) => {
        if (chore.name === 'call the old number') throw new Error('gone for good');
        done.push(chore.name);
      },
      { logger: log.logger },
    );

    expect(await queue.runDue()).toBe(2);
    expect(done).toEqual(['post the letter']);
    expect(rows()).toEqual([]);
    expect(log.text()).toContain('chores: gave up a job');
    expect(log.text()).toContain('call the old number');
  });

  it('lets another worker take a job once its lease ran out, and not before', async () => {
    const { db, rows, add } = choresFile();
    const clock = manualClock();
    add('feed the cat', '2026-01-01T09:00:00.000Z');
    void worker(db, clock, hangs).runDue();
    await expect.poll(() => rows()[0]?.status).toBe('working');

    const fed: string[] = [];
    const other = worker(db, clock, (chore) => void fed.push(chore.name));
    clock.advance(settings.leaseMs - 1);
    expect(await other.runDue()).toBe(0);
    clock.advance(1);
    expect(await other.runDue()).toBe(1);
    expect(fed).toEqual(['feed the cat']);
    expect(rows()).toEqual([]);
  });

  it("takes back at start what another process left working, but not its own process's", async () => {
    const { db, rows, add } = choresFile();
    const clock = manualClock();
    add('left by a process now gone', '2026-01-01T09:00:00.000Z');
    void worker(db, clock, hangs, { claimant: 'a process now gone' }).runDue();
    await expect.poll(() => rows()[0]?.status).toBe('working');
    add('still being done here', '2026-01-01T09:00:00.000Z');
    void worker(db, clock, hangs, { claimant: 'this process' }).runDue();
    await expect.poll(() => rows()[1]?.status).toBe('working');

    const log = capturedLog();
    const done: string[] = [];
    const restarted = worker(db, clock, (chore) => void done.push(chore.name), {
      claimant: 'this process',
      logger: log.logger,
    });
    restarted.start();
    track(() => restarted.stop());
    await expect.poll(() => done).toEqual(['left by a process now gone']);
    await restarted.stop();
    expect(rows()).toEqual([
      expect.objectContaining({ name: 'still being done here', status: 'working' }),
    ]);
    expect(log.text()).toContain('chores: resumed jobs an earlier process left');
  });
});

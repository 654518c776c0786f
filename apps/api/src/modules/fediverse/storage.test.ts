/**
 * What Fedify keeps in the site's SQLite file: its key–value store (with expiry) and its job
 * queue, which must hold Fedify's own conformance tests, retry with backoff and lose nothing when
 * the process that claimed a job dies.
 */
import type { KvStoreSetOptions } from '@fedify/fedify';
import { testMessageQueue } from '@fedify/testing';
import { describe, expect, it } from 'vitest';
import { manualClock, systemClock } from '../../clock.js';
import { openDatabase } from '../../db/connection.js';
import { createLogger } from '../../logger.js';
import { cleanupAfterEach, createTempDatabase } from '../../test-support/test-app.js';
import { SqliteMessageQueue } from './queue.js';
import { CLAIM_DUE_JOBS } from './store/jobs.js';
import { SqliteKvStore } from './store/kv.js';

const track = cleanupAfterEach();
const logger = createLogger('silent');
/** A Temporal duration as Fedify hands one over (Node 24 has no global Temporal yet). */
const hours = (count: number) =>
  ({ total: () => count * 60 * 60_000 }) as unknown as NonNullable<KvStoreSetOptions['ttl']>;

function tempDatabase() {
  const database = createTempDatabase();
  track(database.cleanup);
  return database;
}

function jobsIn(file: string): Array<{ status: string; attempts: number; due_at: string }> {
  const db = openDatabase(file);
  try {
    return db
      .prepare('SELECT status, attempts, due_at FROM fediverse_jobs ORDER BY id')
      .all() as [];
  } finally {
    db.close();
  }
}

describe('the key–value store', () => {
  it('keeps values in the file, forgets them when their time is up, and lists by prefix', async () => {
    const { db, file } = tempDatabase();
    const clock = manualClock();
    const kv = new SqliteKvStore(db, clock);
    await kv.set(['_fedify', 'doc', 'https://a.example/1'], { name: 'one' });
    await kv.set(['_fedify', 'doc', 'https://a.example/2'], { name: 'two' }, { ttl: hours(1) });
    await kv.set(['_fedify', 'docs'], 'a neighbour, not under the prefix');
    await kv.set(['_fedify', 'do%'], 'a wildcard in a key');

    const reopened = openDatabase(file);
    track(() => reopened.close());
    const again = new SqliteKvStore(reopened, clock);
    expect(await again.get(['_fedify', 'doc', 'https://a.example/1'])).toEqual({ name: 'one' });
    const listed = [];
    for await (const entry of again.list(['_fedify', 'doc'])) listed.push(entry);
    expect(listed).toEqual([
      { key: ['_fedify', 'doc', 'https://a.example/1'], value: { name: 'one' } },
      { key: ['_fedify', 'doc', 'https://a.example/2'], value: { name: 'two' } },
    ]);

    clock.advance(60 * 60_000);
    expect(await again.get(['_fedify', 'doc', 'https://a.example/2'])).toBeUndefined();
    expect(await again.get(['_fedify', 'doc', 'https://a.example/1'])).toEqual({ name: 'one' });
    await again.delete(['_fedify', 'doc', 'https://a.example/1']);
    expect(await again.get(['_fedify', 'doc', 'https://a.example/1'])).toBeUndefined();
  });

  it('swaps a value only when it is what the caller expects', async () => {
    const kv = new SqliteKvStore(tempDatabase().db, manualClock());
    expect(await kv.cas(['lock'], undefined, 1)).toBe(true);
    expect(await kv.cas(['lock'], undefined, 2)).toBe(false);
    expect(await kv.cas(['lock'], 1, 3)).toBe(true);
    expect(await kv.get(['lock'])).toBe(3);
  });
});

describe('the job queue', () => {
  it("passes Fedify's own message-queue tests, two queues sharing one file", async () => {
    const { file } = tempDatabase();
    const connections = [openDatabase(file), openDatabase(file)];
    let next = 0;
    await testMessageQueue(
      () =>
        new SqliteMessageQueue({
          queue: 'outbox',
          db: connections[next++ % 2]!,
          clock: systemClock,
          logger,
          pollIntervalMs: 100,
        }),
      ({ controller }) => {
        controller.abort();
        for (const db of connections) db.close();
      },
      { testOrderingKey: true },
    );
  }, 90_000);

  it('retries a failing job later, doubling the wait, and deletes it once it succeeds', async () => {
    const { db, file } = tempDatabase();
    const clock = manualClock();
    const queue = new SqliteMessageQueue({
      queue: 'outbox',
      db,
      clock,
      logger,
      backoffBaseMs: 30_000,
    });
    await queue.enqueue({ deliver: 'to a server that is down' });
    const seen: unknown[] = [];
    let up = false;
    const handler = (message: unknown) => {
      seen.push(message);
      if (!up) throw new Error('connect ECONNREFUSED');
    };

    expect(await queue.runDue(handler)).toBe(1);
    expect(jobsIn(file)).toEqual([
      { status: 'pending', attempts: 1, due_at: '2026-01-01T09:00:30.000Z' },
    ]);
    expect(await queue.runDue(handler)).toBe(0);
    clock.advance(30_000);
    expect(await queue.runDue(handler)).toBe(1);
    expect(jobsIn(file)).toEqual([
      { status: 'pending', attempts: 2, due_at: '2026-01-01T09:01:30.000Z' },
    ]);
    up = true;
    clock.advance(60_000);
    expect(await queue.runDue(handler)).toBe(1);
    expect(jobsIn(file)).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it('starts the next job as soon as one ends, while a slow one is still going', async () => {
    const { db } = tempDatabase();
    const queue = new SqliteMessageQueue({
      queue: 'outbox',
      db,
      clock: manualClock(),
      logger,
      concurrency: 2,
    });
    await queue.enqueueMany(['slow server', 'quick server', 'another quick server']);
    let releaseSlow = () => {};
    const done: unknown[] = [];
    const running = queue.runDue(async (message) => {
      if (message === 'slow server') await new Promise<void>((resolve) => (releaseSlow = resolve));
      done.push(message);
    });
    await expect.poll(() => done).toEqual(['quick server', 'another quick server']);
    releaseSlow();
    expect(await running).toBe(3);
    expect(done).toEqual(['quick server', 'another quick server', 'slow server']);
  });

  it("writes a fan-out's deliveries a few at a time, with the event loop free between", async () => {
    // Fedify queues a post's deliveries to 500 servers as 500 enqueues in one go; written in
    // one go they held the event loop, and every page waiting on it, for a third of a second.
    const { db } = tempDatabase();
    const queue = new SqliteMessageQueue({ queue: 'outbox', db, clock: manualClock(), logger });
    const written = () => db.prepare('SELECT count(*) FROM fediverse_jobs').pluck().get() as number;
    const queued = Array.from({ length: 500 }, (_, server) =>
      queue.enqueue({ deliver: server }, { orderingKey: `a post\nserver ${server}` }),
    );
    const whenAPageCame = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(written())),
    );
    expect(whenAPageCame).toBeLessThan(500);
    await Promise.all(queued);
    const messages = db.prepare('SELECT message FROM fediverse_jobs ORDER BY id').pluck().all();
    expect(messages).toEqual(Array.from({ length: 500 }, (_, server) => `{"deliver":${server}}`));
  });

  it('claims the next jobs from an index, never reading the queued messages', () => {
    // A post to 500 servers queues 500 messages of 10 kB and more, and each delivery that ends
    // claims the next: a claim that read the rows would read them all, every time.
    const { db } = tempDatabase();
    const plan = (
      db
        .prepare(`EXPLAIN QUERY PLAN ${CLAIM_DUE_JOBS}`)
        .all({ queue: 'outbox', now: '', lockedUntil: '', limit: 1, claimant: '' }) as Array<{
        detail: string;
      }>
    ).map((step) => step.detail);
    const lookups = plan.filter((step) => step.includes(' USING '));
    expect(lookups.length).toBeGreaterThan(0);
    for (const step of lookups) expect(step).toMatch(/USING (COVERING INDEX|INTEGER PRIMARY KEY)/);
    expect(plan.join('\n')).not.toMatch(/SCAN fediverse_jobs|TEMP B-TREE/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('takes back a job whose process died while working on it', async () => {
    const { db, file } = tempDatabase();
    const clock = manualClock();
    const died = new SqliteMessageQueue({
      queue: 'outbox',
      db,
      clock,
      logger,
      claimant: 'a process now gone',
    });
    await died.enqueue({ deliver: 'Create' });
    // Claimed, then the process is gone: its handler never finishes.
    void died.runDue(() => new Promise(() => undefined));
    await expect.poll(() => jobsIn(file)[0]?.status).toBe('working');

    const ownConnection = openDatabase(file);
    track(() => ownConnection.close());
    const restarted = new SqliteMessageQueue({ queue: 'outbox', db: ownConnection, clock, logger });
    const delivered: unknown[] = [];
    const stop = new AbortController();
    const listening = restarted.listen((message) => void delivered.push(message), {
      signal: stop.signal,
    });
    await expect.poll(() => delivered).toEqual([{ deliver: 'Create' }]);
    stop.abort();
    await listening;
    expect(jobsIn(file)).toEqual([]);
  });

  it('keeps the activities taken in and the deliveries apart: each worker claims and takes back its own', async () => {
    const { db, file } = tempDatabase();
    const clock = manualClock();
    const deliveries = new SqliteMessageQueue({ queue: 'outbox', db, clock, logger });
    await deliveries.enqueue({ deliver: 'Create' });
    // The delivery thread took it, and is working on it.
    void deliveries.runDue(() => new Promise(() => undefined));
    await expect.poll(() => jobsIn(file)[0]?.status).toBe('working');

    // The page thread's worker (another claimant) starts: it neither takes the delivery back nor
    // runs it, and works on what was taken in.
    const received = new SqliteMessageQueue({
      queue: 'inbox',
      db,
      clock,
      logger,
      claimant: 'pages',
    });
    await received.enqueue({ take: 'Like' });
    const ran: unknown[] = [];
    const stop = new AbortController();
    const listening = received.listen((message) => void ran.push(message), { signal: stop.signal });
    await expect.poll(() => ran).toEqual([{ take: 'Like' }]);
    stop.abort();
    await listening;
    expect(jobsIn(file)).toEqual([
      { status: 'working', attempts: 1, due_at: '2026-01-01T09:00:00.000Z' },
    ]);
  });

  it('wakes its worker on another thread as soon as jobs are written', async () => {
    // Each thread has its own connection: a wake-up on the writer's reaches no loop of the
    // worker's, and a poll an hour apart would bring the job an hour late.
    const { file } = tempDatabase();
    const [pageThread, deliveryThread] = [openDatabase(file), openDatabase(file)];
    track(() => pageThread.close());
    track(() => deliveryThread.close());
    const options = {
      queue: 'outbox',
      clock: systemClock,
      logger,
      pollIntervalMs: 3_600_000,
      acrossThreads: true,
    } as const;
    const worker = new SqliteMessageQueue({ ...options, db: deliveryThread });
    const ran: unknown[] = [];
    const stop = new AbortController();
    const listening = worker.listen((message) => void ran.push(message), { signal: stop.signal });
    await new SqliteMessageQueue({ ...options, db: pageThread }).enqueue({ deliver: 'Accept' });
    await expect.poll(() => ran).toEqual([{ deliver: 'Accept' }]);
    stop.abort();
    await listening;
  });

  it('lets another listener take a job whose lease ran out', async () => {
    const { db, file } = tempDatabase();
    const clock = manualClock();
    const stuck = new SqliteMessageQueue({ queue: 'outbox', db, clock, logger, leaseMs: 60_000 });
    await stuck.enqueue('hangs');
    void stuck.runDue(() => new Promise(() => undefined));
    await expect.poll(() => jobsIn(file)[0]?.status).toBe('working');
    const other = new SqliteMessageQueue({ queue: 'outbox', db, clock, logger, leaseMs: 60_000 });
    const ran: unknown[] = [];
    expect(await other.runDue((message) => void ran.push(message))).toBe(0);
    clock.advance(60_000);
    expect(await other.runDue((message) => void ran.push(message))).toBe(1);
    expect(ran).toEqual(['hangs']);
  });
});

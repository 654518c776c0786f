import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './db/connection.js';
import type { Logger } from './logger.js';

// Loops listening for writes to a database, by what they deliver, so work starts within
// milliseconds of the write instead of at the next poll.
const listeners = new WeakMap<Db, Map<string, Set<() => void>>>();

/**
 * Wakes the running loops of `db` named `channel` in this process. Deferred, so the caller's
 * transaction commits before any loop looks for the new rows.
 */
export function wakeLoops(db: Db, channel: string): void {
  const waiting = listeners.get(db)?.get(channel);
  if (waiting?.size) setImmediate(() => waiting.forEach((wake) => wake()));
}

export interface WorkLoopOptions {
  db: Db;
  /** What `wakeLoops(db, channel)` calls to wake this loop. */
  channel: string;
  logger: Logger;
  /** Logged with the error when a pass fails; the next wake-up tries again. */
  failureMessage: string;
  /** Looks for work this often besides being woken. */
  pollIntervalMs: number;
  /**
   * While the event loop is busy over 90% of the time, `yieldWhileBusy` waits up to this long,
   * so background work never slows page answers down in a burst. 0 turns it off.
   */
  busyYieldMs: number;
  /** One pass over the due work, run on every wake-up and poll while started. */
  pass(): Promise<unknown>;
}

/**
 * The loop a background worker of the API process runs on: one piece of work at a time (a serial
 * queue shared by the passes and whatever `run` is given), a pass on each poll or wake-up while
 * started, never two queued at once.
 */
export class WorkLoop {
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private scheduled = false;
  private lastUtilization: EventLoopUtilization | undefined;
  private readonly wake = () => this.schedule();

  constructor(private readonly options: WorkLoopOptions) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts polling and listening for wake-ups, and runs a pass now; idempotent. */
  start(): void {
    if (this.timer) return;
    const { db, channel } = this.options;
    let channels = listeners.get(db);
    if (!channels) listeners.set(db, (channels = new Map()));
    let waiting = channels.get(channel);
    if (!waiting) channels.set(channel, (waiting = new Set()));
    waiting.add(this.wake);
    this.timer = setInterval(this.wake, this.options.pollIntervalMs);
    this.timer.unref();
    this.schedule();
  }

  /** Stops polling and listening, and waits for the work in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    listeners.get(this.options.db)?.get(this.options.channel)?.delete(this.wake);
    await this.queue;
  }

  /** Runs `work` after everything queued before it; a failure is logged and also returned. */
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch((error: unknown) => {
      this.options.logger.error({ err: error }, this.options.failureMessage);
    });
    return result;
  }

  /** Waits in short steps while the event loop is saturated, for at most `busyYieldMs`. */
  async yieldWhileBusy(): Promise<void> {
    const step = 25;
    for (let waited = 0; waited < this.options.busyYieldMs; waited += step) {
      const now = performance.eventLoopUtilization();
      const since = this.lastUtilization
        ? performance.eventLoopUtilization(now, this.lastUtilization)
        : undefined;
      this.lastUtilization = now;
      if (!since || since.utilization < 0.9) return;
      await sleep(step);
    }
  }

  private schedule(): void {
    if (this.scheduled || !this.timer) return;
    this.scheduled = true;
    void this.queue.then(() => {
      this.scheduled = false;
      // A failed pass is already logged by run(); the next wake-up tries again.
      if (this.timer) return this.run(() => this.options.pass()).catch(() => undefined);
    });
  }
}

/**
 * The delivery thread (decision 0040): what the site sends to the fediverse, worked on beside the
 * page thread instead of between its requests. A post to 10,000 followers is about 500 deliveries,
 * each signed and posted, about 7 ms of CPU each on a small server: on the page thread that held
 * readers' pages up by a tenth of a second at a time. The thread opens the same SQLite file and
 * runs the same publisher, answers and delivery queue the page thread would (running.ts); the page
 * thread keeps the routes and the activities taken in, and writes the deliveries it makes itself
 * (an Accept) to the queue the thread works on.
 */
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import type { Env } from '../../env.js';
import { threadEntry } from '../../threads.js';
import type { FediverseDeps, Sending } from './running.js';

/** What the thread is started with: everything it needs, as plain data. */
export interface DeliveryThreadData {
  databasePath: string;
  env: FediverseDeps['env'];
  logLevel: string;
}

export type ToDeliveryThread = { type: 'published'; id: number } | { type: 'stop' };

export type FromDeliveryThread =
  { type: 'log'; line: string } | { type: 'published'; id: number; error?: string };

/** A thread that died unasked is started again after this long. */
const RESTART_AFTER_MS = 5_000;

/** The env the thread is given: only what the federation and the content it reads look at. */
function threadEnv(env: FediverseDeps['env']): FediverseDeps['env'] {
  const keys = [
    'PUBLIC_URL',
    'FEDERATION',
    'FEDERATION_ALLOW_PRIVATE_ADDRESSES',
    'ANALYTICS',
    'ANALYTICS_RETENTION_DAYS',
  ] as const satisfies ReadonlyArray<keyof Env>;
  return Object.fromEntries(keys.map((key) => [key, env[key]])) as FediverseDeps['env'];
}

export function startDeliveryThread(deps: FediverseDeps): Sending {
  const { logger } = deps;
  const data: DeliveryThreadData = {
    databasePath: deps.db.name,
    env: threadEnv(deps.env),
    logLevel: logger.level,
  };
  const entry = threadEntry(import.meta.url, 'delivery-thread-entry');
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopping: Promise<void> | undefined;
  let restart: NodeJS.Timeout | undefined;

  /** The thread's log lines, logged here as the lines of this thread are. */
  const relay = (line: string) => {
    const { level, msg, time: _time, ...fields } = JSON.parse(line) as Record<string, unknown>;
    const label = pino.levels.labels[level as number] as pino.Level | undefined;
    logger[label ?? 'info']({ ...fields, thread: 'deliveries' }, String(msg ?? ''));
  };

  const start = (): Worker => {
    const thread = new Worker(entry, { eval: true, workerData: data });
    thread.on('message', (message: FromDeliveryThread) => {
      if (message.type === 'log') return relay(message.line);
      const asked = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error === undefined) asked?.resolve();
      else asked?.reject(new Error(message.error));
    });
    thread.on('error', (error) =>
      logger.error({ err: error }, 'fediverse: the delivery thread failed'),
    );
    thread.on('exit', (code) => {
      for (const asked of waiting.values()) asked.reject(new Error('the delivery thread stopped'));
      waiting.clear();
      if (stopping) return;
      // Deliveries wait in the database meanwhile: the new thread takes back the ones in flight.
      logger.error({ code }, 'fediverse: the delivery thread stopped, starting it again');
      restart = setTimeout(() => (current = start()), RESTART_AFTER_MS);
      restart.unref();
    });
    return thread;
  };
  let current = start();

  return {
    published() {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        current.postMessage({ type: 'published', id } satisfies ToDeliveryThread);
      });
    },
    stop() {
      stopping ??= new Promise((resolve) => {
        clearTimeout(restart);
        if (current.threadId === -1) return resolve();
        current.once('exit', () => resolve());
        current.postMessage({ type: 'stop' } satisfies ToDeliveryThread);
      });
      return stopping;
    },
  };
}

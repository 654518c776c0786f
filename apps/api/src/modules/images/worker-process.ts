import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageVariants } from '@quillpost/domain';
import type { VariantJob, VariantResult } from './variant-worker.js';

// Built, the worker is JavaScript beside this file; from source (tests, `pnpm dev`), TypeScript.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = fileURLToPath(
  new URL(`./variant-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
);

/**
 * Linux's idle scheduling class (util-linux's chrt, in every Debian image): the worker runs only
 * when no reader's request wants the CPU, and yields at once when one does. Elsewhere, the nice
 * value the worker gives itself. Asked once, when the first worker starts.
 */
let idleClass: boolean | undefined;
function idleClassAvailable(): boolean {
  idleClass ??= spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
  return idleClass;
}

/** The worker failed, not the image: its job may be tried again. */
export class WorkerStopped extends Error {}

/** Idle this long, the worker ends; the next job starts another. */
const IDLE_MS = 30_000;
/** A photo takes seconds; a job this late means a stuck worker, which is ended. */
const JOB_TIMEOUT_MS = 5 * 60_000;

interface Worker {
  process: ChildProcess;
  pending: Map<number, { resolve(): void; reject(error: Error): void; timer: NodeJS.Timeout }>;
}

/**
 * The variant-making process (variant-worker.ts), started on the first job and ended when idle.
 * Each worker answers for its own jobs: one that dies (or is ended while idle) fails only what it
 * was given, and the next job starts a fresh one. While idle it does not keep the server alive.
 */
export function variantWorker(options: { idle: boolean }) {
  let current: Worker | null = null;
  // A reader waiting for a variant: the worker runs at normal priority until none is.
  let hurried = false;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;

  function fail(worker: Worker, error: Error) {
    for (const [id, job] of worker.pending) {
      clearTimeout(job.timer);
      worker.pending.delete(id);
      job.reject(error);
    }
    if (current === worker) current = null;
  }

  function start(): Worker {
    const node = [process.execPath, ...(fromSource ? ['--import', 'tsx'] : []), WORKER];
    const idle = options.idle && !hurried && idleClassAvailable();
    const [command, ...args] = idle ? ['chrt', '--idle', '0', ...node] : node;
    const worker: Worker = {
      process: spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
      pending: new Map(),
    };
    worker.process.on('message', (result: VariantResult) => {
      const job = worker.pending.get(result.id);
      if (!job) return;
      clearTimeout(job.timer);
      worker.pending.delete(result.id);
      if (result.ok) job.resolve();
      else job.reject(new Error(result.error));
      if (!worker.pending.size && current === worker) idleSoon(worker);
    });
    worker.process.on('error', (error) => fail(worker, new WorkerStopped(error.message)));
    worker.process.on('exit', (code) =>
      fail(worker, new WorkerStopped(`the image worker stopped (exit code ${code})`)),
    );
    return worker;
  }

  /** While idle, neither the worker nor its channel keeps the server's event loop alive. */
  function idleSoon(worker: Worker) {
    worker.process.unref();
    worker.process.channel?.unref();
    clearTimeout(idle);
    idle = setTimeout(() => stopWorker(worker), IDLE_MS);
    idle.unref();
  }

  function stopWorker(worker: Worker) {
    if (current === worker) current = null;
    if (worker.process.connected) worker.process.disconnect();
  }

  /** The worker's threads, all of them, in the idle class or back in the normal one. */
  function schedule(worker: Worker) {
    if (!options.idle || !idleClassAvailable() || worker.process.pid === undefined) return;
    spawnSync('chrt', [
      '--all-tasks',
      hurried ? '--other' : '--idle',
      '--pid',
      '0',
      String(worker.process.pid),
    ]);
  }

  return {
    /** While someone waits for a variant, the worker is not kept for idle moments. */
    hurry(on: boolean) {
      if (hurried === on) return;
      hurried = on;
      if (current) schedule(current);
    },
    run(source: string, image: ImageVariants, dir: string): Promise<void> {
      clearTimeout(idle);
      const worker = (current ??= start());
      worker.process.ref();
      worker.process.channel?.ref();
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          worker.process.kill();
          fail(worker, new WorkerStopped('the image worker took too long'));
        }, JOB_TIMEOUT_MS);
        worker.pending.set(id, { resolve, reject, timer });
        worker.process.send({ id, source, image, dir } satisfies VariantJob, (error) => {
          if (error) fail(worker, new WorkerStopped(error.message));
        });
      });
    },
    stop() {
      clearTimeout(idle);
      if (current) stopWorker(current);
    },
  };
}

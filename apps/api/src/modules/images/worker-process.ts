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
 * value the worker gives itself.
 */
const IDLE_CLASS = spawnSync('chrt', ['--idle', '0', 'true']).status === 0;

/** Idle this long, the worker ends; the next job starts another. */
const IDLE_MS = 30_000;

/**
 * The variant-making process (variant-worker.ts), started on the first job and ended when idle;
 * a worker that dies fails its jobs, and the next one starts afresh.
 */
export function variantWorker() {
  let child: ChildProcess | null = null;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(): void; reject(error: Error): void }>();

  function start(): ChildProcess {
    const node = [process.execPath, ...(fromSource ? ['--import', 'tsx'] : []), WORKER];
    const [command, ...args] = IDLE_CLASS ? ['chrt', '--idle', '0', ...node] : node;
    const started = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    started.on('message', (result: VariantResult) => {
      const job = pending.get(result.id);
      pending.delete(result.id);
      if (result.ok) job?.resolve();
      else job?.reject(new Error(result.error));
      if (!pending.size) idleSoon();
    });
    started.on('exit', (code) => {
      if (child === started) child = null;
      for (const [id, job] of pending) {
        pending.delete(id);
        job.reject(new Error(`the image worker stopped (exit code ${code})`));
      }
    });
    return started;
  }

  function idleSoon() {
    clearTimeout(idle);
    idle = setTimeout(stop, IDLE_MS);
    idle.unref();
  }

  function stop() {
    clearTimeout(idle);
    child?.disconnect();
    child = null;
  }

  return {
    run(source: string, image: ImageVariants, dir: string): Promise<void> {
      clearTimeout(idle);
      child ??= start();
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child!.send({ id, source, image, dir } satisfies VariantJob);
      });
    },
    stop,
  };
}

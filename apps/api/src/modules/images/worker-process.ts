import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageVariants } from '@quillpost/domain';
import { DomainError } from '../../domain-error.js';
import type { Logger } from '../../logger.js';
import type { WorkerAnswer, WorkerRequest } from './image-worker.js';
import { variantFile, type VariantName } from './variants.js';
import type {
  ImageHeader,
  ImageJob,
  ImageJobAnswers,
  NormalisedUpload,
  PictureBox,
  UploadFormat,
} from './worker-jobs.js';

// Built, the worker is JavaScript beside this file; from source (tests, `pnpm dev`), TypeScript.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = fileURLToPath(
  new URL(`./image-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url),
);

/**
 * `command` run in Linux's idle scheduling class (util-linux's chrt, in every Debian image): it
 * runs only when no reader's request wants the CPU, and yields at once when one does. Where chrt
 * is missing, `command` as it is: the worker then relies on the nice value it gives itself.
 * Whether chrt works is asked once.
 */
let idleClass: boolean | undefined;
export function inIdleClass(command: string[]): string[] {
  idleClass ??= spawnSync('chrt', ['--idle', '0', 'true']).status === 0;
  return idleClass ? ['chrt', '--idle', '0', ...command] : command;
}

/** Idle this long, the worker ends; the next job starts another. */
const IDLE_MS = 30_000;
/** A photo takes seconds; a job this late means a stuck worker, which is ended. */
const JOB_TIMEOUT_MS = 5 * 60_000;
/** Jobs waiting beyond the one being done; more are refused at once (a flood of uploads). */
const MAX_WAITING = 32;

/** The worker stopped, timed out or is full, not the image: worth trying again in a moment. */
export function isWorkerFault(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'IMAGE_WORK_UNAVAILABLE';
}

export interface ImageWorker {
  /** Writes every variant of `image` from `source` into `dir` (background work). */
  variants(source: string, image: ImageVariants, dir: string): Promise<void>;
  /** Writes one variant a reader waits for; readers asking at once share one job. */
  variant(source: string, image: ImageVariants, dir: string, variant: VariantName): Promise<void>;
  /** The header of an upload waiting in `file`: its format and size, before any pixel is decoded. */
  inspect(file: string): Promise<ImageHeader>;
  /**
   * The upload in `file` upright, without metadata, at most 2400 px, in `format`, into `into`;
   * answers its size and its hash (hashOf), so the server never reads it back.
   */
  normalise(file: string, format: UploadFormat, into: string): Promise<NormalisedUpload>;
  /** A drawing's PNG `width` wide into `file`; readers asking at once share one drawing. */
  rendition(svg: Buffer, width: number, file: string): Promise<void>;
  /** A preview card drawn from `svg` into `file`, a picture over part of it if given. */
  card(
    svg: string,
    file: string,
    picture?: PictureBox,
    options?: { background?: boolean },
  ): Promise<void>;
  /** A square PNG of a mark `size` pixels wide. */
  icon(svg: string, size: number): Promise<Buffer>;
  /** Ends the worker; what was waiting is refused. Resolves once its processes have exited. */
  stop(): Promise<void>;
}

interface Task {
  id: number;
  job: ImageJob;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/**
 * The image workers: two lanes, so that what someone waits for (an upload, a reader's rendition,
 * card or icon) never queues behind background work (a photo's fifteen variants, the painter's
 * cards), which takes seconds a photo. Each lane is one process (image-worker.ts, named by its
 * lane on its command line) doing one job at a time.
 */
export function createImageWorker(options: { idle: boolean; logger: Logger }): ImageWorker {
  const background = createLane('background', options);
  // Someone waits for every job of this lane, so it never works in the idle class: moving it in
  // and out for each job took a chrt process, about 15 ms of the server's thread, twice a job.
  const waitedFor = createLane('waited-for', { ...options, idle: false });
  return {
    variants: background.variants,
    variant: waitedFor.variant,
    card: (svg, file, picture, card = {}) =>
      (card.background ? background : waitedFor).card(svg, file, picture),
    inspect: waitedFor.inspect,
    normalise: waitedFor.normalise,
    rendition: waitedFor.rendition,
    icon: waitedFor.icon,
    async stop() {
      await Promise.all([background.stop(), waitedFor.stop()]);
    },
  };
}

/**
 * One lane: one process doing one job at a time, started on the first job and ended when idle;
 * while idle it does not keep the server alive. With `idle`, it waits for the CPU's idle moments;
 * else it runs at normal priority, still below the server's. A worker that dies fails only the
 * job it was doing, with a clear refusal; the next job starts a fresh one.
 */
function createLane(lane: string, options: { idle: boolean; logger: Logger }): ImageWorker {
  const { logger } = options;
  const waiting: Task[] = [];
  let running: { task: Task; started: number; timer: NodeJS.Timeout } | null = null;
  let current: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  // Jobs asked for by what they make (a rendition's file): asked again meanwhile, the same job.
  const byKey = new Map<string, Promise<unknown>>();

  const unavailable = () => DomainError.unavailable('IMAGE_WORK_UNAVAILABLE');

  function start(): ChildProcess {
    const node = [process.execPath, ...(fromSource ? ['--import', 'tsx'] : []), WORKER, lane];
    const [command, ...args] = options.idle ? inIdleClass(node) : node;
    const worker = spawn(command!, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Buffers (a drawing to render, an icon drawn) go as bytes, not as JSON arrays of numbers.
      serialization: 'advanced',
    });
    worker.on('message', (answer: WorkerAnswer) => finished(worker, answer));
    worker.on('error', (error) => stopped(worker, error.message));
    worker.on('exit', (code, signal) => stopped(worker, `exit code ${code}, signal ${signal}`));
    return worker;
  }

  function next() {
    if (running || !waiting.length) return;
    clearTimeout(idleTimer);
    const worker = (current ??= start());
    worker.ref();
    worker.channel?.ref();
    const task = waiting.shift()!;
    const timer = setTimeout(() => {
      logger.warn({ job: task.job.kind }, 'image worker took too long: ended');
      worker.kill('SIGKILL');
    }, JOB_TIMEOUT_MS);
    running = { task, started: performance.now(), timer };
    worker.send({ id: task.id, job: task.job } satisfies WorkerRequest, (error) => {
      if (error) stopped(worker, error.message);
    });
  }

  function finished(worker: ChildProcess, answer: WorkerAnswer) {
    if (worker !== current || running?.task.id !== answer.id) return;
    const { task, started, timer } = running;
    clearTimeout(timer);
    running = null;
    logger.debug(
      { job: task.job.kind, ms: Math.round(performance.now() - started), ok: answer.ok },
      'image work done',
    );
    if (answer.ok) task.resolve(answer.answer);
    else task.reject(new Error(answer.error));
    if (waiting.length) next();
    else idleSoon(worker);
  }

  /** The worker died (or could not start): its job is refused, and what waits gets a new one. */
  function stopped(worker: ChildProcess, reason: string) {
    if (worker !== current) return;
    current = null;
    if (running) {
      const { task, timer } = running;
      clearTimeout(timer);
      running = null;
      logger.warn({ job: task.job.kind, reason }, 'image worker stopped mid-job');
      task.reject(unavailable());
    }
    next();
  }

  /** While idle, neither the worker nor its channel keeps the server's event loop alive. */
  function idleSoon(worker: ChildProcess) {
    worker.unref();
    worker.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== current || running) return;
      current = null;
      if (worker.connected) worker.disconnect();
    }, IDLE_MS);
    idleTimer.unref();
  }

  function run<Kind extends ImageJob['kind']>(
    job: Extract<ImageJob, { kind: Kind }>,
    { key }: { key?: string } = {},
  ): Promise<ImageJobAnswers[Kind]> {
    let answer = key ? (byKey.get(key) as Promise<ImageJobAnswers[Kind]> | undefined) : undefined;
    if (!answer) {
      if (waiting.length >= MAX_WAITING) return Promise.reject(unavailable());
      answer = new Promise((resolve, reject) => {
        waiting.push({ id: (nextId += 1), job, resolve: resolve as Task['resolve'], reject });
      });
      if (key) {
        byKey.set(key, answer);
        const forget = () => byKey.delete(key);
        answer.then(forget, forget);
      }
    }
    next();
    return answer;
  }

  return {
    variants: (source, image, dir) => run({ kind: 'variants', source, image, dir }),
    variant: (source, image, dir, variant) =>
      run(
        { kind: 'variant', source, image, dir, variant },
        { key: variantFile(dir, image.hash, variant.width, variant.format) },
      ),
    inspect: (file) => run({ kind: 'inspect', file }),
    normalise: (file, format, into) => run({ kind: 'normalise', file, format, into }),
    rendition: (svg, width, file) => run({ kind: 'rendition', svg, width, file }, { key: file }),
    card: (svg, file, picture) => run({ kind: 'card', svg, file, picture }, { key: file }),
    icon: (svg, size) => run({ kind: 'icon', svg, size }),
    async stop() {
      clearTimeout(idleTimer);
      for (const task of waiting.splice(0)) task.reject(unavailable());
      const worker = current;
      if (!worker) return;
      stopped(worker, 'the server stopped it');
      // Until it has exited, a job it was doing may still write into its folder.
      const exited = new Promise<void>((resolve) => {
        if (worker.pid === undefined || worker.exitCode !== null || worker.signalCode !== null)
          resolve();
        else worker.once('exit', () => resolve());
      });
      if (worker.connected) worker.disconnect();
      await exited;
    },
  };
}

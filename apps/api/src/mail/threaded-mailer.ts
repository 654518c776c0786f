import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';
import type { SmtpMailerOptions } from './smtp-mailer.js';

/** What the SMTP thread answers for one message. */
export type ThreadReply =
  | { id: number; ok: true }
  | { id: number; ok: false; message: string; permanent: boolean; responseCode?: number };

export type ThreadRequest = { type: 'send'; id: number; message: MailMessage } | { type: 'close' };

/**
 * An SmtpMailer on a worker thread. Building a message (MIME, quoted-printable, DKIM's RSA
 * signature) costs about a millisecond of CPU; for a newsletter that is thousands of them, which
 * on the main thread would sit between page requests. Here the main thread only posts the message
 * and reads the answer; failures come back as the same MailDeliveryError (permanent, responseCode).
 */
/**
 * The start of an eval'd entry that loads tsx's ESM loader (its package maps `require` to the
 * .cjs twin of the same file). Only ever called from src/: production runs dist/ with no
 * development packages installed, tsx among them.
 */
function registerTsx(): string {
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register();`;
}

export class ThreadedMailer implements Mailer {
  private worker: Worker | undefined;
  private readonly pending = new Map<
    number,
    { resolve: () => void; reject: (error: MailDeliveryError) => void }
  >();
  private nextId = 1;
  private closed: Promise<void> | undefined;
  private readonly entry: string;

  constructor(private readonly options: SmtpMailerOptions) {
    // From src/ (tsx, tests) the thread registers tsx's loader before loading its .ts file;
    // from dist/ it is plain JS. An eval'd entry does either without a file of its own.
    const fromSource = import.meta.url.endsWith('.ts');
    const thread = JSON.stringify(
      new URL(`./smtp-thread.${fromSource ? 'ts' : 'js'}`, import.meta.url).href,
    );
    this.entry = fromSource
      ? `${registerTsx()} return import(${thread}); });`
      : `import(${thread});`;
  }

  /** The thread, started on first use and again after it died (its messages then failed). */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, { eval: true, workerData: this.options });
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve();
      else {
        waiting.reject(new MailDeliveryError(reply.message, reply.permanent, reply.responseCode));
      }
    });
    const failAll = (reason: string) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) {
        waiting.reject(new MailDeliveryError(reason, false));
      }
      this.pending.clear();
    };
    worker.on('error', (error) => failAll(`SMTP thread failed: ${error.message}`));
    worker.on('exit', () => failAll('SMTP thread stopped'));
    return (this.worker = worker);
  }

  send(message: MailMessage): Promise<void> {
    if (this.closed) return Promise.reject(new MailDeliveryError('Mailer is closed', false));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ type: 'send', id, message } satisfies ThreadRequest);
    });
  }

  /** Lets the messages in flight finish, closes the SMTP pool and ends the thread. */
  close(): Promise<void> {
    this.closed ??= new Promise((resolve) => {
      const worker = this.worker;
      if (!worker) return resolve();
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'close' } satisfies ThreadRequest);
    });
    return this.closed;
  }
}

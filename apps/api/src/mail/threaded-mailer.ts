import { Worker } from 'node:worker_threads';
import { threadEntry } from '../threads.js';
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
    this.entry = threadEntry(import.meta.url, 'smtp-thread');
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

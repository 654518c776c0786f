/** The worker-thread side of ThreadedMailer: one SmtpMailer, fed messages by the main thread. */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { MailDeliveryError } from './mailer.js';
import { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.js';
import type { ThreadReply, ThreadRequest } from './threaded-mailer.js';

/**
 * Linux gives every thread a nice value of its own: this one steps back, so that when the cores
 * are busy the thread answering page requests runs first and bulk mail takes what is left.
 * Elsewhere (no /proc/thread-self) it stays as it is.
 */
function yieldToTheSite(): void {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

yieldToTheSite();
const port = parentPort!;
const mailer = new SmtpMailer(workerData as SmtpMailerOptions);
const inFlight = new Set<Promise<void>>();

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'close') {
    void Promise.allSettled(inFlight)
      .then(() => mailer.close())
      .finally(() => port.close());
    return;
  }
  const sending = mailer.send(request.message).then(
    () => port.postMessage({ id: request.id, ok: true } satisfies ThreadReply),
    (error: unknown) => {
      const failure =
        error instanceof MailDeliveryError
          ? error
          : new MailDeliveryError((error as Error).message ?? String(error), false);
      port.postMessage({
        id: request.id,
        ok: false,
        message: failure.message,
        permanent: failure.permanent,
        ...(failure.responseCode !== undefined ? { responseCode: failure.responseCode } : {}),
      } satisfies ThreadReply);
    },
  );
  inFlight.add(sending);
  void sending.finally(() => inFlight.delete(sending));
});

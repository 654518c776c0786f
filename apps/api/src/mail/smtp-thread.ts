/** The worker-thread side of ThreadedMailer: one SmtpMailer, fed messages by the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { MailDeliveryError } from './mailer.js';
import { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.js';
import type { ThreadReply, ThreadRequest } from './threaded-mailer.js';
import { yieldToTheSite } from '../threads.js';

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

/** The delivery thread's side (delivery-thread.ts): the site's sending, on its own connection. */
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { systemClock } from '../../clock.js';
import { openDatabase } from '../../db/connection.js';
import { yieldToTheSite } from '../../threads.js';
import type {
  DeliveryThreadData,
  FromDeliveryThread,
  ToDeliveryThread,
} from './delivery-thread.js';
import { loadFederation, startSending } from './running.js';

yieldToTheSite();
const port = parentPort!;
const { databasePath, env, logLevel } = workerData as DeliveryThreadData;
const send = (message: FromDeliveryThread) => port.postMessage(message);
// Lines go to the page thread's logger, so the server has one log (and tests capture it).
const logger = pino(
  { level: logLevel, base: undefined },
  { write: (line: string) => send({ type: 'log', line }) },
);
const db = openDatabase(databasePath);
const sending = startSending(
  await loadFederation({ env, db, clock: systemClock, logger, deliveryThread: true }),
);

port.on('message', (request: ToDeliveryThread) => {
  if (request.type === 'stop') {
    void sending.stop().finally(() => {
      db.close();
      port.close();
    });
    return;
  }
  sending.published().then(
    () => send({ type: 'published', id: request.id }),
    (error: unknown) =>
      send({
        type: 'published',
        id: request.id,
        error: String((error as Error)?.message ?? error),
      }),
  );
});

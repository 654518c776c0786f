/**
 * What became of each post's deliveries, server by server, for the owner's console (issue 38
 * item 6). Fedify reports a failed delivery (`onOutboxError`) but not a successful one, and a
 * delivery that ends without an error may still not have been sent (the circuit breaker held it
 * for a server that keeps failing, or the server answered 404/410 for good). So the queue is
 * watched: an outbox job for a post's Create or Update that ends with no failure reported for it
 * and was not put back held is a server that took the post.
 */
import {
  SendActivityError,
  type MessageQueue,
  type MessageQueueEnqueueOptions,
  type MessageQueueListenOptions,
} from '@fedify/fedify';
import { Create, Update, type Activity } from '@fedify/vocab';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { recordDelivered, recordFailed, type DeliveryTarget } from './store/deliveries.js';

/** The parts of Fedify's queued outbox message this reads (Fedify calls its messages opaque). */
interface OutboxJob {
  type: 'outbox';
  id: string;
  activityId?: string;
  activityType: string;
  inbox: string;
  activity: { object?: string | { id?: string } };
  circuitHeld?: true;
}

const isOutboxJob = (message: unknown): message is OutboxJob =>
  typeof message === 'object' && message !== null && (message as OutboxJob).type === 'outbox';

/** A post's Create or Update: what the console counts (a Delete takes the post away). */
const COUNTED = /#(Create|Update)$/;

function targetOf(job: OutboxJob): DeliveryTarget | null {
  if (!COUNTED.test(job.activityType)) return null;
  const object = job.activity.object;
  const objectId = typeof object === 'string' ? object : object?.id;
  return objectId ? { objectId, server: new URL(job.inbox).host } : null;
}

/** What the owner reads beside the server: its status and a little of its answer, or the cause. */
export function describeFailure(error: unknown): string {
  if (error instanceof SendActivityError) {
    const body = error.responseBody.replace(/\s+/g, ' ').trim().slice(0, 200);
    return body ? `HTTP ${error.statusCode}: ${body}` : `HTTP ${error.statusCode}`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? error.cause : null;
    const code = (cause as { code?: unknown } | null)?.code;
    return cause
      ? `${error.message} (${typeof code === 'string' ? code : cause.message})`
      : error.message;
  }
  return String(error);
}

const keyOf = (activityId: string, inbox: string) => `${activityId} ${inbox}`;

export interface DeliveryLedger {
  /** The queue Fedify is given: `inner`, its outbox jobs watched. */
  watch(inner: MessageQueue): MessageQueue;
  /** Fedify's `onOutboxError`: a delivery failed (it may be retried). */
  failed(error: Error, activity: Activity | null): void;
}

export function deliveryLedger({ db, clock }: { db: Db; clock: Clock }): DeliveryLedger {
  /** Jobs being worked on now, by activity and inbox: whether a failure was reported for each. */
  const running = new Map<string, { failed: boolean }>();
  /** Jobs the circuit breaker put back while they ran, by their message's id. */
  const held = new Set<string>();
  const now = () => iso(clock.now());

  const noteHeld = (messages: readonly unknown[]) => {
    for (const message of messages) {
      if (isOutboxJob(message) && message.circuitHeld) held.add(message.id);
    }
  };

  return {
    watch(inner) {
      return {
        nativeRetrial: inner.nativeRetrial,
        enqueue(message: unknown, options?: MessageQueueEnqueueOptions) {
          noteHeld([message]);
          return inner.enqueue(message, options);
        },
        enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions) {
          noteHeld(messages);
          return inner.enqueueMany!(messages, options);
        },
        getDepth: () => inner.getDepth!(),
        listen(handler, options?: MessageQueueListenOptions) {
          return inner.listen(async (message) => {
            const target = isOutboxJob(message) ? targetOf(message) : null;
            if (!target || !isOutboxJob(message) || !message.activityId) return handler(message);
            const key = keyOf(message.activityId, message.inbox);
            const run = { failed: false };
            running.set(key, run);
            try {
              await handler(message);
            } catch (error) {
              recordFailed(db, target, describeFailure(error), now());
              throw error;
            } finally {
              running.delete(key);
            }
            const wasHeld = held.delete(message.id);
            if (!run.failed && !wasHeld) recordDelivered(db, target, now());
          }, options);
        },
      };
    },
    failed(error, activity) {
      if (!(error instanceof SendActivityError) || !activity?.id || !activity.objectId) return;
      const run = running.get(keyOf(activity.id.href, error.inbox.href));
      if (run) run.failed = true;
      if (!(activity instanceof Create || activity instanceof Update)) return;
      recordFailed(
        db,
        { objectId: activity.objectId.href, server: error.inbox.host },
        describeFailure(error),
        now(),
      );
    },
  };
}

/**
 * The fediverse module's face (issue 38, decision 0025): the site as an ActivityPub account that
 * Mastodon and its peers follow. The app mounts `routes` in front of its own; boot.ts starts
 * and stops its queues, deliveries on their own thread (delivery-thread.ts).
 */
import { itemAtPath } from '@quillpost/domain';
import type { Fediverse } from '../../deps.js';
import { SITE_ACTOR_PATH } from './addresses.js';
import { remoteAvatars } from './avatars.js';
import { startDeliveryThread } from './delivery-thread.js';
import { federationBridge } from './express-bridge.js';
import { followFromYourServer } from './follow.js';
import { inboxLimits, type InboxLimits } from './inbox-limits.js';
import { loadFederation, startSending, type FediverseDeps, type Sending } from './running.js';

export type { Fediverse } from '../../deps.js';
export type { FediverseDeps } from './running.js';
export { reactionCounts } from './store/reactions.js';
export { fediverseAdminRoutes } from './admin-routes.js';
export {
  fediverseArchiveSchema,
  fediverseForExport,
  planFediverseRestore,
  restoreFediverse,
  type FediverseArchive,
  type FediverseRestorePlan,
} from './moving.js';
export { fediverseBlockRoutes } from './blocks.js';

/** An inbox POST over this size answers 413 unread; Mastodon's own cap is 1 MB. */
export const INBOX_MAX_BYTES = 1_000_000;

export interface FediverseOptions {
  inboxLimits?: InboxLimits;
  /**
   * What goes out (a post's fan-out to thousands of followers, each delivery signed) is worked on
   * by a thread of its own, not between page requests: what the server does (boot.ts). Without
   * it, everything runs on the calling thread, on the injected clock (most tests).
   */
  deliveryThread?: boolean;
}

export function createFediverse(deps: FediverseDeps, options: FediverseOptions = {}): Fediverse {
  let loading: ReturnType<typeof loadFederation> | undefined;
  const load = () =>
    (loading ??= loadFederation({ ...deps, deliveryThread: options.deliveryThread }));
  const federation = () => load().then((loaded) => loaded.federation);
  const limitInbox = inboxLimits(deps, options.inboxLimits);
  const follow = followFromYourServer({ db: deps.db, publicUrl: deps.env.PUBLIC_URL });
  const avatars = remoteAvatars({
    db: deps.db,
    clock: deps.clock,
    allowPrivateAddresses: deps.env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
  });
  const bridge = federationBridge(federation, {
    publicUrl: deps.env.PUBLIC_URL,
    maxBodyBytes: INBOX_MAX_BYTES,
    contextData: () => undefined,
    kept: {
      keeps: (path) => path === SITE_ACTOR_PATH || itemAtPath(path) !== null,
      version: async (path) =>
        (await load()).documentsVersion(path === SITE_ACTOR_PATH ? 'actor' : 'articles'),
    },
  });
  let sending: Sending | undefined;
  let running: { stop: AbortController; done: Promise<void> } | undefined;
  return {
    federation,
    routes: (req, res, next) =>
      follow(req, res, () =>
        avatars(req, res, (failed?: unknown) =>
          failed
            ? next(failed)
            : limitInbox(req, res, (refused?: unknown) =>
                refused ? next(refused) : bridge(req, res, next),
              ),
        ),
      ),
    start() {
      if (running) return;
      const stop = new AbortController();
      const done = load().then(async (loaded) => {
        if (stop.signal.aborted) return;
        sending = options.deliveryThread ? startDeliveryThread(deps) : startSending(loaded);
        await loaded.federation.startQueue(undefined, { signal: stop.signal, queue: 'inbox' });
      });
      done.catch((error: unknown) => deps.logger.error({ err: error }, 'fediverse: not started'));
      running = { stop, done };
    },
    async published() {
      if (sending) return sending.published();
      return (await load()).publish();
    },
    async stop() {
      const current = running;
      running = undefined;
      current?.stop.abort();
      await current?.done.catch(() => undefined);
      await sending?.stop();
      sending = undefined;
    },
  };
}

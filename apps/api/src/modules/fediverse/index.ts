/**
 * The fediverse module's face (issue 38, decision 0025): the site as an ActivityPub account that
 * Mastodon and its peers follow. The app mounts `routes` in front of its own; server.ts starts
 * and stops the delivery queue.
 */
import type { Fediverse } from '../../deps.js';
import { createContentService } from '../content/index.js';
import { federationBridge } from './express-bridge.js';
import { followFromYourServer } from './follow.js';
import type { FederationDeps } from './federation.js';
import { remoteAvatars } from './avatars.js';
import { inboxLimits, type InboxLimits } from './inbox-limits.js';

export type { Fediverse } from '../../deps.js';
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

export type FediverseDeps = Omit<FederationDeps, 'content' | 'env'> & {
  env: FederationDeps['env'] & Parameters<typeof createContentService>[0]['env'];
};

/**
 * Fedify is a large library (seconds to load on a busy machine): it is loaded by the first request
 * that is its own, or by `start`, so an app that never federates (most tests) never loads it.
 */
async function loadFederation(deps: FediverseDeps) {
  const [{ buildFederation }, { publishChanges, watchPublications }, { watchAnswers }] =
    await Promise.all([
      import('./federation.js'),
      import('./publisher.js'),
      import('./answers.js'),
    ]);
  const content = createContentService(deps);
  const federation = buildFederation({ ...deps, content });
  const publisherDeps = {
    ...deps,
    publicUrl: deps.env.PUBLIC_URL,
    content,
    context: () => federation.createContext(new URL(deps.env.PUBLIC_URL), undefined),
  };
  return {
    federation,
    publish: () => publishChanges(publisherDeps),
    watch: () => watchPublications(publisherDeps),
    watchAnswers: () => watchAnswers(publisherDeps),
  };
}

export function createFediverse(
  deps: FediverseDeps,
  options: { inboxLimits?: InboxLimits } = {},
): Fediverse {
  let loading: ReturnType<typeof loadFederation> | undefined;
  const load = () => (loading ??= loadFederation(deps));
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
  });
  let publisher: { stop(): void; published(): Promise<void> } | undefined;
  let answers: { stop(): void } | undefined;
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
        publisher = loaded.watch();
        answers = loaded.watchAnswers();
        await loaded.federation.startQueue(undefined, { signal: stop.signal });
      });
      done.catch((error: unknown) => deps.logger.error({ err: error }, 'fediverse: not started'));
      running = { stop, done };
    },
    async published() {
      if (publisher) return publisher.published();
      return (await load()).publish();
    },
    async stop() {
      const current = running;
      running = undefined;
      publisher?.stop();
      publisher = undefined;
      answers?.stop();
      answers = undefined;
      current?.stop.abort();
      await current?.done.catch(() => undefined);
    },
  };
}

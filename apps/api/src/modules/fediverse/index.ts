/**
 * The fediverse module's face (issue 38, decision 0025): the site as an ActivityPub account that
 * Mastodon and its peers follow. The app mounts `routes` in front of its own; server.ts starts
 * and stops the delivery queue.
 */
import type { Federation } from '@fedify/fedify';
import type { RequestHandler } from 'express';
import { federationBridge } from './express-bridge.js';
import { createContentService } from '../content/index.js';
import { buildFederation, type FederationDeps } from './federation.js';
import { inboxLimits, type InboxLimits } from './inbox-limits.js';
import { publishChanges, watchPublications } from './publisher.js';

export { reactionCounts } from './store/reactions.js';

/** An inbox POST over this size answers 413 unread; Mastodon's own cap is 1 MB. */
export const INBOX_MAX_BYTES = 1_000_000;

export interface Fediverse {
  federation: Federation<void>;
  /** WebFinger, NodeInfo, the actor, its inbox and collections; the rest falls through. */
  routes: RequestHandler;
  /** Starts working on the job queue (deliveries out, activities in) and sending posts. */
  start(): void;
  /** Looks for published, changed and withdrawn posts now; resolves when their sends are queued. */
  published(): Promise<void>;
  /** Stops taking jobs and waits for the ones in flight. */
  stop(): Promise<void>;
}

export type FediverseDeps = Omit<FederationDeps, 'content' | 'env'> & {
  env: FederationDeps['env'] & Parameters<typeof createContentService>[0]['env'];
};

export function createFediverse(
  deps: FediverseDeps,
  options: { inboxLimits?: InboxLimits } = {},
): Fediverse {
  const content = createContentService(deps);
  const limitInbox = inboxLimits(deps, options.inboxLimits);
  const federation = buildFederation({ ...deps, content });
  const bridge = federationBridge(federation, {
    publicUrl: deps.env.PUBLIC_URL,
    maxBodyBytes: INBOX_MAX_BYTES,
    contextData: () => undefined,
  });
  const context = () => federation.createContext(new URL(deps.env.PUBLIC_URL), undefined);
  const publisherDeps = { ...deps, publicUrl: deps.env.PUBLIC_URL, content, context };
  let publisher: ReturnType<typeof watchPublications> | undefined;
  let running: { stop: AbortController; done: Promise<void> } | undefined;
  return {
    federation,
    routes: (req, res, next) =>
      limitInbox(req, res, (refused?: unknown) =>
        refused ? next(refused) : bridge(req, res, next),
      ),
    start() {
      if (running) return;
      const stop = new AbortController();
      running = { stop, done: federation.startQueue(undefined, { signal: stop.signal }) };
      publisher = watchPublications(publisherDeps);
    },
    published() {
      return publisher ? publisher.published() : publishChanges(publisherDeps);
    },
    async stop() {
      const current = running;
      running = undefined;
      publisher?.stop();
      publisher = undefined;
      current?.stop.abort();
      await current?.done;
    },
  };
}

/**
 * The federation loaded, and what it sends started, in whichever thread runs them: the page
 * thread for the routes and the activities taken in, the delivery thread for what goes out.
 */
import { createContentService } from '../content/index.js';
import { currentHandle } from '../site/index.js';
import { keyPairsStamp } from './store/account.js';
import type { FederationDeps } from './federation.js';

export type FediverseDeps = Omit<FederationDeps, 'content' | 'env'> & {
  env: FederationDeps['env'] & Parameters<typeof createContentService>[0]['env'];
};

/**
 * Fedify is a large library (seconds to load on a busy machine): it is loaded by the first request
 * that is its own, or by `start`, so an app that never federates (most tests) never loads it.
 */
export async function loadFederation(deps: FediverseDeps) {
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
    /**
     * Changes whenever the actor, or the posts' Articles, may have: what the bridge keeps answers
     * of (index.ts). A post published leaves the actor as it was.
     */
    documentsVersion: (of: 'actor' | 'articles') =>
      [
        of === 'articles' ? content.version() : '',
        currentHandle(deps.db),
        keyPairsStamp(deps.db),
        JSON.stringify(content.identity()),
      ].join('\n'),
    publish: () => publishChanges(publisherDeps),
    watch: () => watchPublications(publisherDeps),
    watchAnswers: () => watchAnswers(publisherDeps),
  };
}

export type LoadedFederation = Awaited<ReturnType<typeof loadFederation>>;

/** What goes out, running: posts as they are published, answers as they are made, deliveries. */
export interface Sending {
  /** Looks for published, changed and withdrawn posts now; resolves when their sends are queued. */
  published(): Promise<void>;
  /** Stops looking, and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

/** Starts sending in this thread: the publisher, the answers and the deliveries' queue. */
export function startSending(loaded: LoadedFederation): Sending {
  const publisher = loaded.watch();
  const answers = loaded.watchAnswers();
  const abort = new AbortController();
  const deliveries = loaded.federation.startQueue(undefined, {
    signal: abort.signal,
    queue: 'outbox',
  });
  return {
    published: () => publisher.published(),
    async stop() {
      publisher.stop();
      answers.stop();
      abort.abort();
      await deliveries;
    },
  };
}

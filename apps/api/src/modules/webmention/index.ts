/**
 * The Webmention module's face (issue 38 item 5, decision 0034): the endpoint other sites mention
 * our posts at, the header that advertises it, and the worker that verifies what they sent and
 * tells the pages our posts link to. The app mounts `routes` and `advertise`; server.ts starts and
 * stops the worker. FEDERATION=off leaves all of it out.
 */
import type { RequestHandler, Router } from 'express';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import { createContentService } from '../content/index.js';
import { sendChanges, watchPublications } from './outgoing.js';
import { webmentionQueue, type QueueOptions } from './queue.js';
import { remotePages, type RemotePages } from './remote-pages.js';
import { advertiseEndpoint, webmentionRoutes } from './routes.js';
import { sendMention, verifyMention, type WebmentionDeps } from './service.js';

export {
  archivedWebmentionsSchema,
  restoreWebmentions,
  webmentionsForMoving,
  type ArchivedWebmention,
} from './moving.js';

export interface WebmentionModuleDeps {
  env: Pick<
    Env,
    | 'PUBLIC_URL'
    | 'FEDERATION'
    | 'FEDERATION_ALLOW_PRIVATE_ADDRESSES'
    | 'ANALYTICS'
    | 'ANALYTICS_RETENTION_DAYS'
  >;
  db: Db;
  clock: Clock;
  logger: Logger;
}

export interface WebmentionOptions {
  /** Reads and posts to other servers; the guarded one unless a test brings its own guard. */
  pages?: RemotePages;
  queue?: Partial<Omit<QueueOptions, 'db' | 'clock' | 'logger'>>;
}

/** The module as the app wires it. */
export interface Webmention {
  routes: Router;
  /** Names the endpoint in the Link header of every page. */
  advertise: RequestHandler;
  /** Works on the queue, and sends a post's mentions on each change of the content. */
  start(): void;
  stop(): Promise<void>;
  /** Queues the mentions of what was published or changed since the last look. */
  sendChanges(): ReturnType<typeof sendChanges>;
  /** Works on every job due now (tests drive the queue so). */
  runDue(): ReturnType<ReturnType<typeof webmentionQueue>['runDue']>;
}

export function createWebmention(
  deps: WebmentionModuleDeps,
  options: WebmentionOptions = {},
): Webmention {
  const { env, db, clock, logger } = deps;
  const content = createContentService(deps);
  const service: WebmentionDeps = {
    db,
    clock,
    logger,
    publicUrl: env.PUBLIC_URL,
    content,
    pages:
      options.pages ??
      remotePages({
        allowPrivateAddresses: env.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
        userAgent: `Quillpost (+${env.PUBLIC_URL}/)`,
      }),
  };
  const queue = webmentionQueue({ db, clock, logger, ...options.queue }, (job) =>
    job.kind === 'verify' ? verifyMention(service, job) : sendMention(service, job),
  );
  let watching: ReturnType<typeof watchPublications> | undefined;
  return {
    routes: webmentionRoutes(service),
    advertise: advertiseEndpoint(env.PUBLIC_URL),
    start() {
      queue.start();
      watching ??= watchPublications(service);
    },
    async stop() {
      watching?.stop();
      watching = undefined;
      await queue.stop();
    },
    sendChanges: () => sendChanges(service),
    runDue: () => queue.runDue(),
  };
}

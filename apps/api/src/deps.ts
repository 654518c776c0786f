/**
 * What the app is built from (`createApp(deps)`): the composition root's inputs, in a module of
 * their own so features can name the parts they need without importing the root.
 */
import type { Clock } from './clock.js';
import type { Db } from './db/connection.js';
import type { Env } from './env.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { ImagePipeline } from './modules/images/index.js';
import type { Beacon, Collector } from './modules/analytics/index.js';
import type { Federation } from '@fedify/fedify';
import type { SecurityCheck } from './security/turnstile.js';
import type { ContentReader, PageRenderer } from '@quillpost/domain';
import type { RequestHandler } from 'express';

/** The web app's built (or, in development, live) pages, as the pages module serves them. */
export interface PageHost {
  /** Identifies the build: cached pages are keyed by it. Null when pages must never be cached. */
  build: string | null;
  /** A renderer whose pages read content through `reader`. */
  rendererFor(reader: ContentReader): PageRenderer;
  /** Serves the app's scripts, styles and public files. */
  assets: RequestHandler;
  /** Sources the Content-Security-Policy must also allow (Vite's hot reloading in development). */
  extraSources?: { script?: string[]; connect?: string[] };
  close(): Promise<void>;
}

/** Fetches SNS signing certificates and visits subscription links; tests use a local one. */
export interface SnsClient {
  /** The PEM at an SNS certificate URL (already checked to be an SNS host). */
  certificate(url: string): Promise<string>;
  /** Confirms a subscription by visiting its SubscribeURL (already checked). */
  confirm(url: string): Promise<void>;
}

export interface AppDeps {
  env: Env;
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  /** Turnstile; defaults to siteverify with TURNSTILE_SECRET_KEY, else the local test verifier. */
  securityCheck?: SecurityCheck;
  /** The web app's pages and assets; without it the app answers the API only. */
  pages?: PageHost;
  /** SNS certificates and subscription links for the SES webhook; defaults to HTTPS. */
  sns?: SnsClient;
  /** Makes image variants; boot starts one that works in the background, else made on demand. */
  images?: ImagePipeline;
  /** Counts page views; boot starts one that sums past days, else one is made for the app. */
  analytics?: Collector;
  /** Answers page views; boot puts it in front of Express too, else the app makes its own. */
  beacon?: Beacon;
  /** The site's fediverse account; boot starts one that delivers, else one is made for the app. */
  fediverse?: Fediverse;
  /** Tests: check every JSON answer against the endpoint catalogue (http/contract-check.ts). */
  checkContracts?: boolean;
}

/**
 * What the members area's modules (admin, moderation, discussions, events, ...) run on; the
 * owner's image uploads use the app's image pipeline's worker.
 */
export type CommunityDeps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'logger' | 'images'>;

/**
 * The site's fediverse account as the app and the server use it (the fediverse module makes it):
 * declared here, where the app names what it needs, so this file depends on no module's face
 * that leads back to it.
 */
export interface Fediverse {
  /** Fedify, built on first use. */
  federation(): Promise<Federation<void>>;
  /** WebFinger, NodeInfo, the actor, its inbox and collections; the rest falls through. */
  routes: RequestHandler;
  /** Starts working on the job queue (deliveries out, activities in) and sending posts. */
  start(): void;
  /** Looks for published, changed and withdrawn posts now; resolves when their sends are queued. */
  published(): Promise<void>;
  /** Stops taking jobs and waits for the ones in flight. */
  stop(): Promise<void>;
}

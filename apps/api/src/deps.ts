/**
 * What the app is built from (`createApp(deps)`): the composition root's inputs, in a module of
 * their own so features can name the parts they need without importing the root.
 */
import type { Clock } from './clock.js';
import type { Db } from './db/connection.js';
import type { Env } from './env.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { PageHost } from './modules/pages/page-host.js';
import type { SecurityCheck } from './security/turnstile.js';

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
}

/** What the members area's modules (admin, moderation, discussions, events, ...) run on. */
export type CommunityDeps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'logger'>;

import { API_ROUTES, redactSecretUrl } from '@quillpost/domain';
import compression from 'compression';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { AppDeps } from './deps.js';
import { responseContractCheck } from './http/contract-check.js';
import { AppError, errorHandler } from './http/errors.js';
import { proxyTrustAdvisor } from './http/proxy-trust.js';
import { healthRoutes } from './modules/health/index.js';
import {
  contentReads,
  contentRoutes,
  createContentService,
  discoveryRoutes,
} from './modules/content/index.js';
import { createAuthModule, sessionEmail, signedInFromHeaders } from './modules/auth/index.js';
import {
  commentCountsByPath,
  conversationChanges,
  conversationUnder,
} from './modules/discussions/index.js';
import { isoNow } from './clock.js';
import { oauthRoutes } from './modules/oauth/index.js';
import { communityRoutes } from './community.js';
import {
  findByEmail,
  markBounced,
  oneClickUnsubscribeRoutes,
  subscriptionRoutes,
  toSubscription,
} from './modules/subscriptions/index.js';
import { replyEmailsOffRoutes } from './modules/notifications/index.js';
import { previewCardsDir, siteIdentity, siteRoutes } from './modules/site/index.js';
import { createImagePipeline, imageRoutes } from './modules/images/index.js';
import {
  createBeacon,
  createCollector,
  feedFetchCounter,
  sitePages,
  type Beacon,
  type Collector,
} from './modules/analytics/index.js';
import { sameSiteJsonOnly } from './http/guards.js';
import { underApi } from './http/under-api.js';
import { DevMailbox } from './mail/dev-mailbox.js';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.js';
import { MailOutboxWorker, type MailOutboxWorkerOptions } from './mail/outbox.js';
import {
  clickRoutes,
  newsletterRoutes,
  NewsletterSender,
  type NewsletterSenderOptions,
} from './modules/newsletter/index.js';
import { createSecurityCheck } from './security/turnstile.js';
import { pageRoutes } from './modules/pages/index.js';
import { relayWebhookRoutes } from './modules/relay-events/index.js';
import { createFediverse } from './modules/fediverse/index.js';
import { createWebmention } from './modules/webmention/index.js';

/**
 * The mail outbox worker, wired to the features that react to permanent failures. server.ts
 * starts it; tests build it with createTestApp and call `drain()` themselves.
 */
export function createMailWorker(
  deps: Pick<AppDeps, 'env' | 'db' | 'clock' | 'logger' | 'mailer'>,
  options: Partial<Omit<MailOutboxWorkerOptions, 'secret'>> = {},
): MailOutboxWorker {
  const { env, db, clock, logger, mailer } = deps;
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1] ?? 'localhost';
  return new MailOutboxWorker({
    db,
    secret: env.SESSION_SECRET,
    clock,
    logger,
    mailer,
    messageIdDomain: fromDomain,
    fromName: () => siteIdentity(db).newsletter.fromName,
    onPermanentFailure: (mail, error) =>
      markBounced(
        db,
        clock,
        mail.recipient,
        ['smtp:', error.responseCode, error.message].filter(Boolean).join(' '),
      ),
    ...options,
  });
}

/**
 * The newsletter sender with its settings from env. server.ts starts it on a mailer of its own
 * (the bulk SMTP pool); tests build it and call `drain()` or `runIssue()` themselves.
 */
export function createNewsletterSender(
  deps: Pick<AppDeps, 'env' | 'db' | 'clock' | 'logger' | 'mailer'>,
  options: Partial<NewsletterSenderOptions> = {},
): NewsletterSender {
  const { env } = deps;
  return new NewsletterSender({
    ...deps,
    concurrency: env.NEWSLETTER_CONCURRENCY,
    ratePerSecond: env.NEWSLETTER_RATE_PER_SECOND,
    batchSize: env.NEWSLETTER_BATCH_SIZE,
    maxAttempts: env.NEWSLETTER_MAX_ATTEMPTS,
    retryBaseMs: env.NEWSLETTER_RETRY_BASE_MS,
    pauseAfterErrors: env.NEWSLETTER_PAUSE_AFTER_ERRORS,
    ...options,
  });
}

/**
 * The page-view beacon with the app's collector; the owner, signed in, is told by their session
 * cookie, and the site's pages by the content readers can see. boot.ts answers it in front of
 * Express; the app mounts the same first (tests, dev).
 */
export function createPageViewBeacon(
  deps: Pick<AppDeps, 'env' | 'db' | 'clock' | 'logger'>,
  collector: Collector,
): Beacon {
  return createBeacon(deps, collector, {
    isOwner: (headers) => signedInFromHeaders(deps, headers)?.level === 'admin',
    isPage: sitePages(createContentService(deps)),
  });
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
const DEV_MODULES = /^\/(?:@|src\/|node_modules\/)/;

/** Builds the whole HTTP app from its dependencies without listening, so tests drive it directly. */
export function createApp(deps: AppDeps): Express {
  const { env, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('etag', 'strong');
  app.use(proxyTrustAdvisor(env.TRUST_PROXY, logger));

  const collector =
    deps.analytics ?? createCollector({ ...deps, retentionDays: env.ANALYTICS_RETENTION_DAYS });
  // Page views first, past none of the machinery below (see analytics/beacon.ts).
  const beacon = deps.beacon ?? createPageViewBeacon(deps, collector);
  app.use((req, res, next) => {
    if (!beacon(req, res)) next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", TURNSTILE_ORIGIN, ...(deps.pages?.extraSources?.script ?? [])],
          'frame-src': [TURNSTILE_ORIGIN],
          'connect-src': ["'self'", TURNSTILE_ORIGIN, ...(deps.pages?.extraSources?.connect ?? [])],
          'img-src': ["'self'", 'data:', 'https:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          // No page sets a <base href> (the email preview's <base target> has none); an injected
          // one would re-point every relative URL.
          'base-uri': ["'none'"],
          // Only where the site is served over https: on plain http (a LAN address) it would
          // send every script and style to an https URL that does not answer.
          'upgrade-insecure-requests': env.PUBLIC_URL.startsWith('https:') ? [] : null,
        },
      },
      // The site's own requests say which page sent them (a subscription's start page, issue 25);
      // no other site learns where its readers came from.
      referrerPolicy: { policy: 'same-origin' },
      // The OAuth popup talks to its opener with postMessage, which same-origin COOP would cut off.
      // Public reading pages opt out altogether (modules/pages/routes.ts, decision 0044).
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  // Only reads carry bodies worth compressing (posts, feeds, assets); writes answer a few bytes of
  // JSON, and skipping the wrapper saves ~80 µs of CPU on each of them.
  const compress = compression();
  app.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? compress(req, res, next) : next(),
  );
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: redactSecretUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // Health checks, and in development the source modules Vite serves for every page.
      autoLogging: {
        ignore: (req) => req.url === '/api/health' || DEV_MODULES.test(req.url ?? ''),
      },
    }),
  );
  // ActivityPub before the body parsers: inbox signatures are checked over the bytes as sent.
  const fediverse = deps.fediverse ?? (env.FEDERATION ? createFediverse(deps) : undefined);
  if (fediverse) app.use(fediverse.routes);
  // The editor saves whole posts; the rest stays small.
  const smallJson = express.json({ limit: '100kb' });
  const writingJson = express.json({ limit: '5mb' });
  const jsonFor = (path: string) =>
    path.startsWith(API_ROUTES.adminWritingList.path) ? writingJson : smallJson;
  app.use((req, res, next) => jsonFor(req.path)(req, res, next));
  if (deps.checkContracts) app.use(responseContractCheck());

  const subscriptionOf = (email: string) => {
    const row = findByEmail(deps.db, email);
    return row ? toSubscription(row) : null;
  };
  const auth = createAuthModule(deps, { subscriptionOf });
  // Before every router: each can then ask who is signed in (currentUser, requirePermission, ...).
  app.use(auth.loadSession);

  const subscriptions = {
    ...deps,
    securityCheck: deps.securityCheck ?? createSecurityCheck(env, deps.clock, logger),
    sessionEmail,
  };
  // Before the same-site guard: mail providers post here from anywhere (RFC 8058), and relays
  // report bounces and complaints from their servers.
  app.use(underApi(oneClickUnsubscribeRoutes(subscriptions)));
  app.use(underApi(replyEmailsOffRoutes(deps)));
  app.use(underApi(relayWebhookRoutes(deps)));
  // Webmention (FEDERATION=off leaves it out with the rest of the social web): sites post here
  // from their servers, as a form. The server starts its worker (boot.ts).
  const webmention = env.FEDERATION ? createWebmention(deps) : undefined;
  if (webmention) app.use(webmention.routes);
  app.use(clickRoutes(deps, collector));
  // Before the guard too: the magic-link confirm form posts with Origin: null (no-referrer page).
  app.use(underApi(auth.pageRoutes));
  app.use(
    '/api',
    sameSiteJsonOnly(env, {
      imagePaths: [API_ROUTES.adminImageUpload.path],
      filePaths: [API_ROUTES.adminImport.path],
    }),
  );
  if (env.NODE_ENV !== 'production' && deps.mailer instanceof DevMailbox) {
    app.use(devMailboxRoutes(deps.mailer));
  }

  app.use(underApi(healthRoutes(deps)));
  app.use(subscriptionRoutes(subscriptions));
  app.use(underApi(auth.routes));
  app.use(underApi(oauthRoutes({ ...deps, subscriptionOf })));
  app.use(underApi(newsletterRoutes(deps)));
  // One image worker for the app: uploads, variants, renditions, cards and icons queue for it.
  const images = deps.images ?? createImagePipeline(deps);
  app.use(underApi(communityRoutes({ ...deps, images })));
  const content = createContentService(deps);
  const reads = contentReads(content, {
    conversation: (kind, slug) => conversationUnder(deps.db, kind, slug, isoNow(deps.clock)),
    commentCounts: () => commentCountsByPath(deps.db, isoNow(deps.clock)),
  });
  app.use(underApi(contentRoutes(reads)));
  app.use(feedFetchCounter(deps, collector));
  // Images, feeds, sitemap and robots.txt: before the pages, which answer HTML.
  app.use(
    imageRoutes({
      db: deps.db,
      contentDir: env.CONTENT_DIR,
      clock: deps.clock,
      pipeline: images,
    }),
  );
  app.use(discoveryRoutes(env, content, images.worker));
  app.use(siteRoutes(deps.db, previewCardsDir(env), env.CONTENT_DIR, images.worker));

  app.use('/api', (_req, _res, next) => next(new AppError(404, 'NOT_FOUND')));
  if (deps.pages) {
    if (webmention) app.use(webmention.advertise);
    app.use(pageRoutes(deps.pages, content, reads, logger, conversationChanges(deps.db)));
  }
  app.use(errorHandler(logger));
  return app;
}

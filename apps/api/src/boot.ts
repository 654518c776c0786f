import http, { type Server } from 'node:http';
import type { Express } from 'express';
import {
  createApp,
  createMailWorker,
  createNewsletterSender,
  createPageViewBeacon,
} from './app.js';
import { systemClock } from './clock.js';
import { openDatabase } from './db/connection.js';
import { beat, clearBeat, HEARTBEAT_MS, takeBackup } from './db/backup.js';
import { upgradeDatabase } from './db/upgrade.js';
import { loadEnv, type Env } from './env.js';
import { createLogger, type Logger } from './logger.js';
import { checkTrustProxySetting } from './http/proxy-trust.js';
import { createMailer } from './mail/create-mailer.js';
import {
  adoptSavedProfiles,
  isEmptyContentFolder,
  PLACEHOLDER_STARTER,
  createContentService,
  paintPreviewCards,
  syncContent,
  watchContent,
  writeStarter,
} from './modules/content/index.js';
import { forgetSavedSocialProfiles, savedSocialProfiles } from './modules/settings/index.js';
import { communityActivity } from './modules/discussions/index.js';
import { startOwnerDigest } from './modules/notifications/index.js';
import { createImagePipeline } from './modules/images/index.js';
import { createCollector } from './modules/analytics/index.js';
import { importStagingRoot, sweepImportLeftovers } from './modules/portability/index.js';
import { createFediverse } from './modules/fediverse/index.js';
import { createWebmention } from './modules/webmention/index.js';
import type { PageHost } from './deps.js';

export type PageHostLoader = (env: Env, logger: Logger) => Promise<PageHost | undefined>;

/**
 * Starts the site: env -> database -> migrations -> content -> mail -> HTTP. server.ts boots the
 * production build with it, dev.ts the same with Vite rendering the pages.
 */
export async function boot(
  loadPages: PageHostLoader,
  options: { host?: string; prettyLogs?: boolean } = {},
): Promise<{ env: Env; app: Express; server: Server }> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const logger = createLogger(env.LOG_LEVEL, { pretty: options.prettyLogs });
  checkTrustProxySetting(env.TRUST_PROXY, logger);
  const db = openDatabase(env.DATABASE_PATH);
  const backups = { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, clock: systemClock };
  const upgrade = await upgradeDatabase(db, { env, clock: systemClock });
  if (upgrade.backup) logger.info(upgrade.backup, 'backup taken before migrating');
  for (const { name, notes } of upgrade.applied) {
    logger.info({ migration: name }, 'migration applied');
    for (const note of notes) logger.warn({ migration: name }, note);
  }
  // Says "a server is using this file" to `pnpm restore`; cleared at a clean shutdown.
  beat(db, systemClock);
  const heartbeat = setInterval(() => beat(db, systemClock), HEARTBEAT_MS);
  heartbeat.unref();
  const scheduledBackups =
    env.BACKUP_INTERVAL_HOURS > 0
      ? setInterval(() => {
          takeBackup(db, backups).then(
            (backup) => logger.info({ file: backup.file, bytes: backup.bytes }, 'backup taken'),
            (error: unknown) => logger.error({ err: error }, 'backup failed'),
          );
        }, env.BACKUP_INTERVAL_HOURS * 3_600_000)
      : undefined;
  scheduledBackups?.unref();

  // A production start on an empty content folder (a new volume, a fresh release): the owner's
  // starter site, to make theirs in Console → Site, rather than an empty one or someone else's.
  if (env.NODE_ENV === 'production' && isEmptyContentFolder(env.CONTENT_DIR)) {
    writeStarter(env.CONTENT_DIR, PLACEHOLDER_STARTER, new Date().toISOString().slice(0, 10));
    logger.warn({ dir: env.CONTENT_DIR }, 'content folder was empty: wrote a starter site');
  }
  // Profiles saved in the console before site.yml held them move into the file, once.
  const savedProfiles = savedSocialProfiles(db);
  if (savedProfiles && adoptSavedProfiles(env.CONTENT_DIR, savedProfiles)) {
    forgetSavedSocialProfiles(db);
  }
  // An import killed half-way (kill -9) left its staged files beside the database; running the
  // same import again finishes what it started.
  const leftovers = sweepImportLeftovers(importStagingRoot(env), env.CONTENT_DIR);
  if (leftovers) logger.warn({ leftovers }, 'removed what interrupted imports left');
  // Markdown in CONTENT_DIR -> SQLite before the first request; broken files are logged and skipped.
  const imagesReferenced = new Set<string>();
  syncContent(db, env.CONTENT_DIR, systemClock, logger, { imagesReferenced });
  const stopWatchingContent = env.CONTENT_WATCH
    ? watchContent(db, env.CONTENT_DIR, systemClock, logger, { imagesReferenced })
    : () => undefined;
  // Photos the content sync met become variants in the background, one at a time, in the image
  // worker, which draws the preview cards too.
  const images = createImagePipeline({ env, db, clock: systemClock, logger });
  const cardPainter = paintPreviewCards(
    env,
    createContentService({ db, clock: systemClock, env }),
    logger,
    images.worker,
  );

  let pages: PageHost | undefined;
  try {
    pages = await loadPages(env, logger);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
  if (!pages) {
    const missing = `No web build in ${env.WEB_DIST_DIR}: run \`pnpm build\``;
    // A production site without its pages is broken; elsewhere the API alone is useful.
    if (env.NODE_ENV === 'production') {
      logger.fatal(missing);
      process.exit(1);
    }
    logger.warn(`${missing} (serving the API only)`);
  }

  const mailer = createMailer(env, logger);
  images.start();
  // Page views in batches; past days summed, and raw views past their retention deleted, hourly.
  const analytics = createCollector({
    db,
    clock: systemClock,
    logger,
    retentionDays: env.ANALYTICS_RETENTION_DAYS,
  });
  analytics.rollUp();
  const rollUps = setInterval(() => analytics.rollUp(), 3_600_000);
  rollUps.unref();
  const base = { env, db, clock: systemClock, logger, mailer, pages, images, analytics };
  const beacon = createPageViewBeacon(base, analytics);
  if (env.FEDERATION && env.FEDERATION_ALLOW_PRIVATE_ADDRESSES) {
    logger.warn(
      'FEDERATION_ALLOW_PRIVATE_ADDRESSES=true: fediverse fetches may reach private and loopback addresses. For tests and local development only, never on a public server',
    );
  }
  // The site's fediverse account: deliveries and received activities resume where they stopped,
  // deliveries on a thread of their own.
  const fediverse = env.FEDERATION ? createFediverse(base, { deliveryThread: true }) : undefined;
  fediverse?.start();
  // Webmentions received are verified, and our posts' sent, from a queue that resumes too.
  const webmention = env.FEDERATION ? createWebmention(base) : undefined;
  webmention?.start();
  const deps = { ...base, beacon, fediverse };
  const app = createApp(deps);
  // Delivers the mail outbox, starting with whatever a previous process left undelivered.
  const mailWorker = createMailWorker(deps);
  mailWorker.start();
  // Newsletter sends get their own SMTP pool, sized to their concurrency, so a magic link never
  // queues behind ten thousand issues, on a worker thread, so building thousands of messages (and
  // their DKIM signatures) never sits between page requests. The sender resumes sends a previous
  // process left unfinished.
  const bulkMailer = env.SMTP_URL
    ? createMailer(env, logger, { maxConnections: env.NEWSLETTER_CONCURRENCY, thread: true })
    : mailer;
  const newsletterSender = createNewsletterSender({ ...deps, mailer: bulkMailer });
  newsletterSender.start();
  // The owner's daily digest of new comments and reports, queued to the outbox when due.
  const stopOwnerDigest = startOwnerDigest({ ...deps, communityActivity });

  // Page views are answered before Express sees them (analytics/beacon.ts).
  const server = http.createServer((req, res) => beacon(req, res) || app(req, res));
  server.listen(env.PORT, options.host ?? env.HOST, () => {
    logger.info(
      `Listening on http://localhost:${env.PORT} (${env.NODE_ENV}, Node ${process.version})`,
    );
  });

  function shutdown(signal: string) {
    logger.info({ signal }, 'shutting down');
    stopWatchingContent();
    cardPainter.stop();
    stopOwnerDigest();
    const imagesStopped = images.stop();
    clearInterval(rollUps);
    clearInterval(heartbeat);
    clearInterval(scheduledBackups);
    server.close(() => {
      // After the last request: a view answered while the server drained is written too.
      analytics.stop();
      void Promise.all([
        mailWorker.stop(),
        newsletterSender.stop(),
        fediverse?.stop(),
        webmention?.stop(),
        pages?.close(),
        imagesStopped,
      ])
        .then(() => Promise.all([mailer.close(), bulkMailer.close()]))
        .finally(() => {
          clearBeat(db);
          db.close();
          process.exit(0);
        });
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  }
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return { env, app, server };
}

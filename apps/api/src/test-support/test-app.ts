import { siteFileSchema, siteIdentityOf, type SiteIdentity } from '@quillpost/domain';
import { afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../deps.js';
import { createApp, createMailWorker } from '../app.js';
import { iso, manualClock } from '../clock.js';
import { openDatabase, type Db } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { loadEnv } from '../env.js';
import { createLogger } from '../logger.js';
import { DevMailbox } from '../mail/dev-mailbox.js';
import { keepSiteIdentity } from '../modules/site/index.js';
import { createCollector } from '../modules/analytics/index.js';
import { createImagePipeline } from '../modules/images/index.js';

/** The identity API tests run with: a site.yml of a site named after its owner. */
export const TEST_SITE: SiteIdentity = siteIdentityOf(
  siteFileSchema.parse({
    title: 'Rowan Ellis',
    language: 'en-GB',
    owner: { name: 'Rowan Ellis' },
    newsletter: { from_name: 'Rowan Ellis' },
  }),
);

export interface TempDatabase {
  db: Db;
  file: string;
  cleanup(): void;
}

/** A real SQLite file in a fresh temp folder, migrated; removed by `cleanup`. */
export function createTempDatabase(): TempDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-test-'));
  const file = path.join(dir, 'site.db');
  const db = openDatabase(file);
  migrate(db);
  return {
    db,
    file,
    cleanup() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the app on a temp database; pass overrides for env variables or dependencies. */
export function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    /** The analytics collector's own inputs (where each day's key comes from). */
    analytics?: Pick<Parameters<typeof createCollector>[0], 'newKey'>;
  } = {},
) {
  const database = createTempDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // An empty folder of its own unless the test brings content: the console writes site.yml
    // into CONTENT_DIR, and the repository's sample must never be written by a test.
    CONTENT_DIR: path.join(path.dirname(database.file), 'content'),
    // The file the test runs on: what is kept beside the database (preview cards) goes there too.
    DATABASE_PATH: database.file,
    ...options.env,
  });
  const logger = createLogger(env.LOG_LEVEL);
  const clock = manualClock();
  // Who the site is, as a content folder's site.yml would say (content sync stores it so).
  keepSiteIdentity(database.db, { identity: TEST_SITE, sourceHash: 'test' }, iso(clock.now()));
  const mailer = new DevMailbox(logger);
  // Page views are buffered; tests write them with `analytics.flush()`.
  const analytics = createCollector({
    db: database.db,
    clock,
    logger,
    retentionDays: env.ANALYTICS_RETENTION_DAYS,
    ...options.analytics,
  });
  const deps: AppDeps = {
    env,
    db: database.db,
    clock,
    logger,
    mailer,
    analytics,
    checkContracts: true,
    ...options.deps,
  };
  // The image worker ends with the test, and works at normal priority: on a machine the test
  // suite keeps busy, idle moments may never come.
  deps.images ??= createImagePipeline(deps, { idle: false });
  // Built, not started: tests deliver with `await outbox.drain()` (or start it themselves).
  const outbox = createMailWorker(deps);
  return {
    app: createApp(deps),
    deps,
    clock,
    mailer,
    outbox,
    analytics,
    /** Awaited: the image worker may still be writing into the folder until it has exited. */
    async cleanup() {
      analytics.stop();
      await Promise.all([outbox.stop(), deps.images?.stop()]);
      database.cleanup();
    },
  };
}

/**
 * Registers, in the calling test file, an afterEach that runs what `track` was given during the
 * test, newest first (a server before the database it reads).
 */
export function cleanupAfterEach(): (...cleanups: Array<() => unknown>) => void {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (...added) => void cleanups.push(...added);
}

/** A createTestApp whose database goes when the test that made it ends; also returns `track`. */
export function testAppPerTest() {
  const track = cleanupAfterEach();
  const testApp = (options: Parameters<typeof createTestApp>[0] = {}) => {
    const t = createTestApp(options);
    track(t.cleanup);
    return t;
  };
  return { testApp, track };
}

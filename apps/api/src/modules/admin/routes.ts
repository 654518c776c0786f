import { ADMIN_PAGE_SIZE, CONSENT_SOURCES, MESSAGES } from '@quillpost/domain';
import {
  invalidateContentCache,
  readSiteFile,
  SITE_FILE,
  syncContent,
  writeSiteFile,
} from '../content/index.js';
import { siteIdentity } from '../site/index.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { eraseAccount } from '../members/index.js';
import { subscriberDetail, subscriberPage, unsubscribe } from '../subscriptions/index.js';
import { DomainError } from '../../domain-error.js';
import { isoNow } from '../../clock.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { banAccount, requireOutranked, writeLog } from '../moderation/index.js';
import {
  adminUser,
  analytics,
  assignRole,
  exportSubscribers,
  importSubscribers,
  listUsers,
} from './service.js';
import { readSettings, writeSettings } from '../settings/index.js';

export function adminRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;

  mount('adminUsers', (req, res, { query }) => {
    const { q, page } = query;
    const { items, total } = listUsers(
      db,
      { q, page, pageSize: ADMIN_PAGE_SIZE },
      isoNow(deps.clock),
    );
    res.json({ success: true, items, total, page, pageSize: ADMIN_PAGE_SIZE });
  });

  mount('adminRoleAssign', (req, res, { params, body }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    const { role } = body;
    res.json({ success: true, user: assignRole(deps, actor, userId, role, isoNow(deps.clock)) });
  });

  mount('adminBan', (req, res, { params, body }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    const { reason } = body;
    banAccount(deps, actor, userId, { hours: null, reason }, isoNow(deps.clock));
    res.json({ success: true, user: adminUser(db, userId, isoNow(deps.clock)) });
  });

  mount('adminUserDelete', (req, res, { params }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    eraseAccount(deps.db, userId, {
      actorId: actor.id,
      now: isoNow(deps.clock),
      authorize: () => requireOutranked(db, actor, userId),
    });
    res.json({ success: true, message: MESSAGES.ACCOUNT_DELETED });
  });

  mount('adminSubscribers', (req, res, { query }) => {
    const { status, q, page } = query;
    const result = subscriberPage(db, { status, q, page, pageSize: ADMIN_PAGE_SIZE });
    res.json({ success: true, ...result, page, pageSize: ADMIN_PAGE_SIZE });
  });

  mount('adminSubscribersExport', (req, res, { query }) => {
    const actor = signedInUser(req);
    const { status } = query;
    const { csv } = exportSubscribers(db, actor, status, isoNow(deps.clock));
    const day = isoNow(deps.clock).slice(0, 10);
    res
      .type('text/csv; charset=utf-8')
      .set(
        'Content-Disposition',
        `attachment; filename="subscribers-${status ?? 'all'}-${day}.csv"`,
      )
      .send(csv);
  });

  mount('adminSubscribersImport', (req, res, { body }) => {
    const actor = signedInUser(req);
    const { csv } = body;
    res.json({ success: true, ...importSubscribers(deps, actor, csv, isoNow(deps.clock)) });
  });

  mount('adminSubscriber', (_req, res, { params }) => {
    const detail = subscriberDetail(db, params.subscriberId);
    if (!detail) throw DomainError.notFound();
    res.json({ success: true, ...detail });
  });

  // The owner unsubscribes an address (asked by mail, say): its history says who and when.
  mount('adminSubscriberUnsubscribe', (req, res, { params }) => {
    const actor = signedInUser(req);
    const found = unsubscribe(deps, params.subscriberId, {
      source: CONSENT_SOURCES.console,
      consentText: `Unsubscribed in the console by ${actor.name ?? actor.email}`,
      ipHash: null,
    });
    if (!found) throw DomainError.notFound();
    res.json({ success: true, ...subscriberDetail(db, params.subscriberId)! });
  });

  mount('adminAnalytics', (_req, res) => {
    res.json({ success: true, ...analytics(db, isoNow(deps.clock)) });
  });

  // Publishing on demand, beside the watcher (CONTENT_WATCH) that does it within a second.
  mount('adminContentSync', (req, res) => {
    const actor = signedInUser(req);
    const report = syncContent(db, deps.env.CONTENT_DIR, deps.clock, deps.logger);
    writeLog(db, {
      actorId: actor.id,
      action: 'content.sync',
      summary: `Synced content: ${report.added.length} added, ${report.updated.length} updated, ${report.removed.length} removed, ${report.errors.length} skipped`,
      at: isoNow(deps.clock),
    });
    res.json({ success: true, ...report });
  });

  // Who the site is (content/site.yml): the file the owner may also edit by hand.
  mount('adminSiteGet', (_req, res) => {
    res.json({ success: true, site: readSiteFile(deps.env.CONTENT_DIR, siteIdentity(db)) });
  });

  mount('adminSiteUpdate', (req, res, { body }) => {
    const actor = signedInUser(req);
    writeSiteFile(deps.env.CONTENT_DIR, body);
    // Now, not at the watcher's next look: the answer, the next page, feed and mail use it.
    const report = syncContent(db, deps.env.CONTENT_DIR, deps.clock, deps.logger);
    const problem = report.errors.find((error) => error.file === SITE_FILE);
    if (problem) throw new Error(`site.yml as written does not read back: ${problem.message}`);
    writeLog(db, {
      actorId: actor.id,
      action: 'site.update',
      summary: `Changed who the site is (${SITE_FILE})`,
      at: isoNow(deps.clock),
    });
    res.json({
      success: true,
      message: MESSAGES.SITE_UPDATED,
      site: readSiteFile(deps.env.CONTENT_DIR, siteIdentity(db)),
    });
  });

  mount('adminSettingsGet', (_req, res) => {
    res.json({ success: true, settings: readSettings(db) });
  });

  mount('adminSettingsUpdate', (req, res, { body }) => {
    const actor = signedInUser(req);
    const patch = body;
    const now = isoNow(deps.clock);
    const settings = inTransaction(db, () => {
      const saved = writeSettings(db, patch, now);
      // The privacy page says whether newsletter clicks are counted.
      if (patch.newsletterClickCounting !== undefined) invalidateContentCache(db);
      writeLog(db, {
        actorId: actor.id,
        action: 'settings.update',
        summary: `Changed site settings: ${Object.keys(patch).join(', ') || 'nothing'}`,
        at: now,
      });
      return saved;
    });
    res.json({ success: true, message: MESSAGES.SETTINGS_UPDATED, settings });
  });
}

import {
  ADMIN_PAGE_SIZE,
  MESSAGES,
  adminUsersQuerySchema,
  permanentBanSchema,
  roleAssignSchema,
  siteSettingsUpdateSchema,
  subscriberImportSchema,
  subscribersExportQuerySchema,
  subscribersQuerySchema,
  userIdParamsSchema,
} from '@quillpost/domain';
import { validate } from '../../http/validate.js';
import { syncContent } from '../content/index.js';
import type { MountRoute } from '../auth/index.js';
import { eraseAccount } from '../members/index.js';
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
  listSubscribers,
  listUsers,
} from './service.js';
import { readSettings, writeSettings } from '../settings/index.js';

export function adminRoutes(deps: CommunityDeps, mount: MountRoute): void {
  const { db } = deps;

  mount('adminUsers', (req, res) => {
    const { q, page } = validate(adminUsersQuerySchema, req.query);
    const { items, total } = listUsers(
      db,
      { q, page, pageSize: ADMIN_PAGE_SIZE },
      isoNow(deps.clock),
    );
    res.json({ success: true, items, total, page, pageSize: ADMIN_PAGE_SIZE });
  });

  mount('adminRoleAssign', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    const { role } = validate(roleAssignSchema, req.body);
    res.json({ success: true, user: assignRole(deps, actor, userId, role, isoNow(deps.clock)) });
  });

  mount('adminBan', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    const { reason } = validate(permanentBanSchema, req.body);
    banAccount(deps, actor, userId, { hours: null, reason }, isoNow(deps.clock));
    res.json({ success: true, user: adminUser(db, userId, isoNow(deps.clock)) });
  });

  mount('adminUserDelete', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    inTransaction(db, () => {
      requireOutranked(db, actor, userId);
      eraseAccount(deps, userId, { actorId: actor.id, now: isoNow(deps.clock) });
    });
    res.json({ success: true, message: MESSAGES.ACCOUNT_DELETED });
  });

  mount('adminSubscribers', (req, res) => {
    const { status, q, page } = validate(subscribersQuerySchema, req.query);
    const result = listSubscribers(db, { status, q, page, pageSize: ADMIN_PAGE_SIZE });
    res.json({ success: true, ...result, page, pageSize: ADMIN_PAGE_SIZE });
  });

  mount('adminSubscribersExport', (req, res) => {
    const actor = signedInUser(req);
    const { status } = validate(subscribersExportQuerySchema, req.query);
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

  mount('adminSubscribersImport', (req, res) => {
    const actor = signedInUser(req);
    const { csv } = validate(subscriberImportSchema, req.body);
    res.json({ success: true, ...importSubscribers(deps, actor, csv, isoNow(deps.clock)) });
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

  mount('adminSettingsGet', (_req, res) => {
    res.json({ success: true, settings: readSettings(db) });
  });

  mount('adminSettingsUpdate', (req, res) => {
    const actor = signedInUser(req);
    const patch = validate(siteSettingsUpdateSchema, req.body);
    const now = isoNow(deps.clock);
    const settings = inTransaction(db, () => {
      const saved = writeSettings(db, patch, now);
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

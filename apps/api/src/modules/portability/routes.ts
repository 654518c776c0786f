/**
 * The console's way in and out (issue 27): an export's bytes, read and planned (a dry run first,
 * then the import), and everything as one zip to download. The same code as `pnpm data`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_GRANTABLE_ROLES, IMPORT_UPLOAD_MAX_BYTES, readRoleGrants } from '@quillpost/domain';
import express from 'express';
import { isoNow } from '../../clock.js';
import { besideDatabase } from '../../db/connection.js';
import type { CommunityDeps } from '../../deps.js';
import { AppError } from '../../http/errors.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { signedInUser } from '../auth/index.js';
import { syncContent } from '../content/index.js';
import { writeLog } from '../moderation/index.js';
import { siteIdentity } from '../site/index.js';
import { runImport } from './apply.js';
import { ImportError } from './bundle.js';
import { exportEverything } from './export.js';
import { readExport } from './read-export.js';
import { fetchRemoteImage } from './remote-images.js';
import { importStagingRoot } from './staging.js';
import { exportOfBytes, type ExportFiles } from './unpack.js';

/** Where import reports and console exports are kept: beside the database. */
export const dataFolder = (env: CommunityDeps['env'], name: 'imports' | 'exports') =>
  besideDatabase(env.DATABASE_PATH, name);

export function portabilityRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db, env, clock, logger } = deps;

  mount(
    'adminImport',
    async (req, res, { query }) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const now = isoNow(clock);
      const grants = readRoleGrants([query.grantRoles]);
      if (!grants.ok) throw new AppError(400, 'IMPORT_INVALID', grants.message);
      let files: ExportFiles | undefined;
      try {
        files = await exportOfBytes(query.name, bytes, importStagingRoot(env));
        const report = await runImport(
          {
            db,
            contentDir: env.CONTENT_DIR,
            reportsDir: dataFolder(env, 'imports'),
            stagingDir: importStagingRoot(env),
            logger,
            now,
            fetchImage: fetchRemoteImage,
            sync: () => syncContent(db, env.CONTENT_DIR, clock, logger),
          },
          query.source,
          readExport(query.source, files),
          files,
          {
            dryRun: query.dryRun,
            overwrite: query.overwrite,
            category: query.category,
            fetchImages: true,
            grants: grants.grants,
          },
        );
        if (!report.dryRun) {
          const c = report.created;
          const raised = report.roles.filter(({ role }) =>
            (IMPORT_GRANTABLE_ROLES as readonly string[]).includes(role),
          );
          const confirmed = raised.length
            ? `; as confirmed: ${raised.map(({ member, role }) => `${member} ${role}`).join(', ')}`
            : '';
          writeLog(db, {
            actorId: signedInUser(req).id,
            action: 'site.import',
            summary: `Imported from ${query.source} (${query.name}): ${c.posts + c.drafts} posts, ${c.pages} pages, ${c.subscribers + c.unsubscribed + c.bounced} subscribers, ${c.members} members${confirmed}`,
            at: now,
          });
        }
        res.json({
          success: true,
          report: { ...report, reportFile: report.reportFile && path.basename(report.reportFile) },
        });
      } catch (error) {
        if (error instanceof ImportError) throw new AppError(400, 'IMPORT_INVALID', error.message);
        throw error;
      } finally {
        files?.close();
      }
    },
    { before: express.raw({ type: 'application/octet-stream', limit: IMPORT_UPLOAD_MAX_BYTES }) },
  );

  mount('adminExport', async (req, res) => {
    const now = isoNow(clock);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-export-'));
    const name = `${siteIdentity(db).title.replace(/[^\w.-]+/g, '-')}-${now.slice(0, 10)}.zip`;
    const file = path.join(dir, name);
    try {
      await exportEverything(
        { db, contentDir: env.CONTENT_DIR, siteTitle: siteIdentity(db).title, now },
        file,
      );
      writeLog(db, {
        actorId: signedInUser(req).id,
        action: 'site.export',
        summary: 'Downloaded everything (content, subscribers, members, comments) as a zip',
        at: now,
      });
      await new Promise<void>((resolve, reject) =>
        res.download(file, name, (error) => (error ? reject(error) : resolve())),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}

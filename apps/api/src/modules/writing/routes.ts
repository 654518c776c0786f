import type { ModerationAction } from '@quillpost/domain';
import { isoNow } from '../../clock.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { signedInUser } from '../auth/index.js';
import { renderPreview } from '../content/index.js';
import { writeLog } from '../moderation/index.js';
import {
  createFile,
  openFile,
  removeFile,
  restoreFromTrash,
  restoreRevision,
  revision,
  revisions,
  saveFile,
  trash,
  writingItems,
  type WritingDeps,
} from './service.js';

export function writingRoutes(deps: WritingDeps, mount: MountEndpoint): void {
  const log = (actorId: number, action: ModerationAction, summary: string) =>
    writeLog(deps.db, { actorId, action, summary, at: isoNow(deps.clock) });

  mount('adminWritingList', (_req, res) => {
    res.json({ success: true, items: writingItems(deps) });
  });

  mount('adminWritingCreate', (req, res, { body }) => {
    const file = createFile(deps, body);
    log(signedInUser(req).id, 'content.create', `Started ${file.path}`);
    res.status(201).json({ success: true, file });
  });

  mount('adminWritingFile', (_req, res, { query }) => {
    res.json({ success: true, file: openFile(deps, query.path) });
  });

  mount('adminWritingSave', (req, res, { body }) => {
    const actor = signedInUser(req);
    const saved = saveFile(deps, actor.id, body);
    log(actor.id, 'content.save', `Saved ${body.path} (${saved.item.status})`);
    res.json({ success: true, ...saved });
  });

  mount('adminWritingRemove', (req, res, { query }) => {
    const trashId = removeFile(deps, query.path);
    log(signedInUser(req).id, 'content.remove', `Moved ${query.path} to the trash`);
    res.json({ success: true, trashId });
  });

  mount('adminWritingPreview', (_req, res, { body }) => {
    const preview = renderPreview(deps.db, deps.env.CONTENT_DIR, body, isoNow(deps.clock));
    res.json({ success: true, ...preview });
  });

  mount('adminWritingRevisions', (_req, res, { query }) => {
    res.json({ success: true, revisions: revisions(deps, query.path) });
  });

  mount('adminWritingRevision', (_req, res, { params }) => {
    res.json({ success: true, revision: revision(deps, params.revisionId) });
  });

  mount('adminWritingRevisionRestore', (req, res, { params, body }) => {
    const actor = signedInUser(req);
    const restored = restoreRevision(deps, actor.id, params.revisionId, body.version);
    log(actor.id, 'content.restore', `Restored ${restored.file.path} from a revision`);
    res.json({ success: true, ...restored });
  });

  mount('adminWritingTrash', (_req, res) => {
    res.json({ success: true, items: trash(deps) });
  });

  mount('adminWritingTrashRestore', (req, res, { params }) => {
    const path = restoreFromTrash(deps, params.trashId);
    log(signedInUser(req).id, 'content.restore', `Restored ${path} from the trash`);
    res.json({ success: true, path });
  });
}

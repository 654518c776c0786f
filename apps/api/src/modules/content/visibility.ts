import type { Request } from 'express';
import { currentLevel } from '../auth/index.js';
import type { Viewer } from './service.js';

/**
 * The one seam between content and auth: drafts and scheduled items are the owner's work in
 * progress, so only an administrator sees them.
 */
export function viewerCanSeeUnpublished(req: Request): boolean {
  return currentLevel(req) === 'admin';
}

export function viewerOf(req: Request): Viewer {
  return { canSeeUnpublished: viewerCanSeeUnpublished(req) };
}

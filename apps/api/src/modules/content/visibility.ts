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

/** A post readers may see now (004's rules without drafts or scheduled ones); `c` is content_items
 * and `@now` the current instant. */
export const VISIBLE_POST = `c.kind = 'post' AND c.removed_at IS NULL AND c.status = 'published'
  AND c.published_at <= @now`;

/** The shortest excerpt a post has. */
export const POST_EXCERPT = `COALESCE(NULLIF(c.excerpt_short, ''), NULLIF(c.excerpt_medium, ''), c.excerpt_long)`;

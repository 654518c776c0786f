import { MESSAGES } from '@quillpost/domain';
import type { MountEndpoint } from '../../http/endpoints.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { addBookmark, listBookmarks, removeBookmark } from './service.js';
import { isBookmarked } from './store.js';

export function bookmarkRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;

  mount('bookmarkList', (req, res) => {
    const user = signedInUser(req);
    res.json({ success: true, bookmarks: listBookmarks(db, user.id, isoNow(deps.clock)) });
  });

  mount('bookmarkStatus', (req, res, { params }) => {
    const user = signedInUser(req);
    const { postId } = params;
    res.json({ success: true, bookmarked: isBookmarked(db, user.id, postId) });
  });

  mount('bookmarkAdd', (req, res, { params }) => {
    const user = signedInUser(req);
    const { postId } = params;
    addBookmark(db, user.id, postId, isoNow(deps.clock));
    res.json({ success: true, bookmarked: true, message: MESSAGES.BOOKMARK_ADDED });
  });

  mount('bookmarkRemove', (req, res, { params }) => {
    const user = signedInUser(req);
    const { postId } = params;
    removeBookmark(db, user.id, postId);
    res.json({ success: true, bookmarked: false, message: MESSAGES.BOOKMARK_REMOVED });
  });
}

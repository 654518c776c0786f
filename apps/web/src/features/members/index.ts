/**
 * The members area's public face for other features: the bookmark button a post page shows, and
 * a signed-in reader's part of the conversation under a post (a chunk of its own, loaded only for
 * them). (The area itself loads as a lazy route module.) Only this: whatever is exported here
 * loads with the reading page that imports it.
 */
import { lazy } from 'react';

export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';
export const PostConversation = lazy(() => import('./components/post-conversation'));

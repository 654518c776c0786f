/**
 * The members area's public face for other features: the bookmark button a post page shows.
 * (The area itself loads as a lazy route module.) Only this: whatever is exported here loads
 * with the reading page that imports it.
 */
export { BookmarkButton, type BookmarkButtonProps } from './components/bookmark-button';

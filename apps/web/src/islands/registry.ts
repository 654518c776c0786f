/**
 * Where each island's component loads from, in the browser (src/islands/runtime.tsx): each is its
 * own chunk, fetched the first time a page needs that island.
 */
import type { ComponentType } from 'react';
import type { IslandName } from './island';

type Loader = () => Promise<ComponentType<never>>;

export const ISLAND_COMPONENTS: Record<IslandName, Loader> = {
  'header-actions': () => import('../app/layout/header-actions').then((m) => m.HeaderActionsBody),
  'next-step': () => import('../app/layout/next-step').then((m) => m.NextStepBody),
  'site-search': () => import('../app/layout/site-search').then((m) => m.SiteSearchBody),
  'mobile-menu': () =>
    import('../features/menus/mobile-menu-button').then((m) => m.MobileMenuButtonBody),
  'subscribe-call': () =>
    import('../features/content/components/subscribe-call').then((m) => m.SubscribeCallBody),
  bookmark: () =>
    import('../features/content/components/bookmark-button').then((m) => m.BookmarkSlotBody),
  'books-table': () =>
    import('../features/content/pages/books-array-page').then((m) => m.BooksTableBody),
  conversation: () =>
    import('../features/content/components/conversation').then((m) => m.ConversationBody),
};

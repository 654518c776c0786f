/**
 * The route table of spec section 2, as React Router data routes: the same table renders on the
 * server (a static handler, src/entry-server.tsx) and hydrates in the browser (src/app/hydrate.tsx).
 * Each route pairs a path of the domain's PAGE_PATHS with a page module (a feature's pages/ file:
 * component, loader, head and handle together, lib/route-handle.ts), loaded on demand. Loaders get
 * the ContentReader the table was built with.
 */
import { NO_SITE, PAGE_PATHS, type ContentReader, type PageName } from '@quillpost/domain';
import {
  redirect,
  type LoaderFunctionArgs,
  type NonIndexRouteObject,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import { HUB_IDS } from '../features/content/hubs';
import { AppShell } from './app-shell';
import { SiteLayout } from './layout/site-layout';
import type { PageModule, RouteHandle } from '../lib/route-handle';
import { RouteError } from '../components/route-error';

/** Every page module, by file name: each feature keeps its pages in its own pages/ folder. */
const pageModules = new Map(
  Object.entries({
    ...import.meta.glob<PageModule>(['../features/*/pages/*.tsx', '!**/*.test.tsx']),
    ...import.meta.glob<PageModule>(['./pages/*.tsx', '!**/*.test.tsx']),
  }).map(([path, load]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.tsx'.length),
    { load, module: `src/${path.replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}` },
  ]),
);

/**
 * The query string only filters what a page shows (the blog's ?category=, whose loader refuses a
 * category that does not exist), so a change of query alone keeps the data; a new path, or Try
 * Again, loads it afresh.
 */
const samePathKeepsData: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname !== nextUrl.pathname ||
  (currentUrl.search === nextUrl.search && defaultShouldRevalidate);

/**
 * A route whose module loads when it is first matched (on the server, at hydration for the page
 * the server rendered, on a client-side navigation or the intent of one, see hydrate.tsx). Its
 * handle carries the module's path, which the server preloads the page by.
 */
function lazyPage(
  name: string,
  reader: ContentReader,
): Pick<RouteObject, 'lazy' | 'shouldRevalidate'> {
  const found = pageModules.get(name);
  if (!found) throw new Error(`no page module is named ${name}.tsx`);
  return {
    lazy: async () => {
      const { default: Component, ErrorBoundary, loader, meta, handle } = await found.load();
      return {
        Component,
        ...(ErrorBoundary ? { ErrorBoundary } : {}),
        ...(loader ? { loader: (args: LoaderFunctionArgs) => loader({ ...args, reader }) } : {}),
        handle: { ...handle, meta, module: found.module } satisfies RouteHandle,
      };
    },
    shouldRevalidate: samePathKeepsData,
  };
}

export function createRoutes(reader: ContentReader): RouteObject[] {
  /** The page named `name` in PAGE_PATHS, from the page module `module`. */
  const page = (name: PageName, module: string): NonIndexRouteObject => ({
    id: PAGE_PATHS[name],
    path: PAGE_PATHS[name],
    ...lazyPage(module, reader),
  });

  const membersArea: RouteObject = {
    ...page('members', 'members-layout'),
    children: [
      { index: true, loader: () => redirect(PAGE_PATHS.membersDashboard) },
      page('membersDashboard', 'dashboard-page'),
      page('membersProfile', 'profile-page'),
      page('membersAccount', 'account-page'),
      page('membersBookmarks', 'bookmarks-page'),
      page('membersDiscussions', 'discussions-page'),
      page('membersThread', 'thread-page'),
      page('membersPostDiscussion', 'thread-page'),
      page('membersEvents', 'events-page'),
      page('membersDirectory', 'directory-page'),
      page('membersModeration', 'moderation-page'),
      page('membersConsole', 'console-page'),
      // Inactive menu entries (Courses, Progress) are not built: like any unknown path, inside
      // the members' frame.
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/content')).NotFoundPage }),
      },
    ],
  };

  const pages: RouteObject[] = [
    page('home', 'home-page'),
    page('start', 'start-page'),
    page('welcome', 'welcome-page'),
    page('loadingAnimations', 'test-page'),
    page('subscribe', 'subscribe-page'),
    page('signedUp', 'signed-up-page'),
    page('manage', 'manage-page'),
    page('blog', 'blog-page'),
    page('search', 'search-page'),
    page('post', 'post-page'),
    page('now', 'now-page'),
    page('nowArchive', 'now-archives-page'),
    page('journal', 'journal-page'),
    page('journalEntry', 'journal-entry-page'),
    page('poetry', 'poetry-page'),
    page('poem', 'poem-page'),
    page('bookshelf', 'bookshelf-page'),
    page('readingList', 'reading-list-page'),
    page('book', 'book-page'),
    page('allBooks', 'books-array-page'),
    page('category', 'category-page'),
    ...HUB_IDS.map((hub) => page(hub, 'hub-page')),
    page('projects', 'projects-page'),
    page('project', 'project-page'),
    page('authCallback', 'auth-callback-page'),
    membersArea,
    {
      id: PAGE_PATHS.dashboard,
      path: PAGE_PATHS.dashboard,
      loader: () => redirect(PAGE_PATHS.membersDashboard),
      // The loader always redirects (a 302 from the server); there is never anything to show.
      Component: () => null,
    },
    page('tos', 'tos-page'),
    page('privacy', 'privacy-page'),
    page('contact', 'contact-page'),
    // Any other page of content/pages; below every named route, so it never shadows one.
    page('contentPage', 'content-page'),
    { id: '*', path: '*', ...lazyPage('not-found-page', reader) },
  ];

  return [
    {
      id: 'root',
      Component: AppShell,
      // What every page's frame shows besides content. A failed read leaves the frame without
      // profiles instead of failing the page under it.
      loader: async () => {
        const site = await reader.site();
        return site.ok ? site.data : NO_SITE;
      },
      // The profiles change rarely: navigating keeps them; only a revalidation of the page on
      // screen (the console's settings, after a save) reads them again.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href === nextUrl.href,
      ErrorBoundary: RouteError,
      children: [
        // /links stands alone: no header, no footer.
        page('links', 'links-page'),
        {
          id: 'site',
          Component: SiteLayout,
          // A page's own error boundary renders inside the layout; this one catches the rest.
          children: [{ id: 'pages', ErrorBoundary: RouteError, children: pages }],
        },
      ],
    },
  ];
}

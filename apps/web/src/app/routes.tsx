/**
 * The route table of spec section 2, as React Router data routes: the same table renders on the
 * server (a static handler, src/entry-server.tsx) and hydrates in the browser (src/app/hydrate.tsx).
 * A reading page's loader gets its data from the ContentReader it was built with; its component is
 * a lazy chunk from its feature's pages/ folder (all pages load on demand), and its `handle` says what goes in <head>.
 */
import { PAGE_PATHS, pagePath, type ContentReader, type FixedPageSlug } from '@quillpost/domain';
import type { ComponentType } from 'react';
import {
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import { HUB_IDS, type HubId } from '../features/content/hubs';
import * as load from '../features/content/page-data';
import * as meta from '../features/content/page-meta';
import { AppShell } from './app-shell';
import { SiteLayout } from './layout/site-layout';
import type { PageMeta } from '../lib/page-head';
import type { MetaContext, RouteHandle } from '../lib/route-handle';
import { RouteError } from '../components/route-error';

interface PageModule {
  default: ComponentType;
  ErrorBoundary?: ComponentType;
}

/** Every page, by file name: each feature keeps its pages in its own pages/ folder. */
const pageModules = new Map(
  Object.entries({
    ...import.meta.glob<PageModule>('../features/*/pages/*-page.tsx'),
    ...import.meta.glob<PageModule>('./pages/*-page.tsx'),
  }).map(([path, load]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.tsx'.length),
    { load, module: `src/${path.replace(/^\.\.\//, '').replace(/^\.\//, 'app/')}` },
  ]),
);

/** A lazily loaded page, with the module path the server preloads it by. */
function page(name: string): Pick<RouteObject, 'lazy'> & { module: string } {
  const found = pageModules.get(name);
  if (!found) throw new Error(`no page module is named ${name}.tsx`);
  return {
    lazy: async () => {
      const module = await found.load();
      return module.ErrorBoundary
        ? { Component: module.default, ErrorBoundary: module.ErrorBoundary }
        : { Component: module.default };
    },
    module: found.module,
  };
}

interface PageRoute<D> {
  path: string;
  page: string;
  load?: (args: LoaderFunctionArgs) => Promise<D>;
  /** Left out where the loader always throws: the not-found head applies. */
  meta?: (data: D, context: MetaContext) => PageMeta;
  item?: string;
  personal?: boolean;
}

function pageRoute<D>({
  path,
  page: name,
  load: loader,
  meta: toMeta,
  item,
  personal,
}: PageRoute<D>) {
  const { lazy, module } = page(name);
  const handle: RouteHandle = { module, meta: toMeta as RouteHandle['meta'], item, personal };
  return {
    id: path,
    path,
    lazy,
    handle,
    ...(loader ? { loader, shouldRevalidate: samePathKeepsData } : {}),
  } satisfies RouteObject;
}

/**
 * No loader reads the query string (the blog's ?category= only filters what is shown), so a
 * change of query alone keeps the data; a new path, or Try Again, loads it afresh.
 */
const samePathKeepsData: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  currentUrl.pathname !== nextUrl.pathname ||
  (currentUrl.search === nextUrl.search && defaultShouldRevalidate);

/** A page whose head does not depend on data. */
const fixed =
  (pageMeta: PageMeta) =>
  (_data: unknown): PageMeta =>
    pageMeta;

const slugOf = ({ params }: LoaderFunctionArgs) => params.slug ?? '';
const splatOf = ({ params }: LoaderFunctionArgs) => params['*'] ?? '';

export function createRoutes(reader: ContentReader): RouteObject[] {
  const fixedPage = (slug: FixedPageSlug, name: string) =>
    pageRoute({
      path: PAGE_PATHS[slug],
      page: name,
      load: () => load.loadFixedPage(reader, slug),
      meta: (data) => ({
        title: data.title,
        description: data.description ?? data.title,
        path: PAGE_PATHS[slug],
        type: slug === 'start' ? 'profile' : 'website',
      }),
    });

  const hub = (id: HubId) =>
    pageRoute({
      path: PAGE_PATHS[id],
      page: 'hub-page',
      load: () => load.loadHub(reader, id),
      meta: meta.hubMeta,
    });

  const pages: RouteObject[] = [
    pageRoute({
      path: PAGE_PATHS.home,
      page: 'home-page',
      load: () => load.loadHome(reader),
      meta: (_data, context) => meta.homeMeta(context),
    }),
    fixedPage('start', 'start-page'),
    fixedPage('welcome', 'welcome-page'),
    pageRoute({
      path: PAGE_PATHS.loadingAnimations,
      page: 'test-page',
      meta: fixed({
        title: 'Test page',
        description: 'Every loading animation on the site in every size, for checking them by eye.',
        path: PAGE_PATHS.loadingAnimations,
        noindex: true,
      }),
    }),
    pageRoute({
      path: PAGE_PATHS.signedUp,
      page: 'signed-up-page',
      meta: fixed({
        title: 'Check your inbox',
        description: 'Confirm your newsletter subscription with the link in your email.',
        path: PAGE_PATHS.signedUp,
        noindex: true,
      }),
    }),
    pageRoute({
      path: PAGE_PATHS.manage,
      page: 'manage-page',
      personal: true,
      meta: fixed({
        title: 'Manage your subscription',
        description: 'Check your newsletter subscription, choose what you receive, or unsubscribe.',
        path: PAGE_PATHS.manage,
        noindex: true,
      }),
    }),
    pageRoute({
      path: PAGE_PATHS.blog,
      page: 'blog-page',
      load: () => load.loadBlog(reader),
      meta: (data, { url }) => meta.blogMeta(data, url),
    }),
    pageRoute({
      path: PAGE_PATHS.post,
      page: 'post-page',
      item: 'Post',
      load: (args) => load.loadPost(reader, slugOf(args)),
      meta: (data, context) => meta.postMeta(data, context),
    }),
    pageRoute({
      path: PAGE_PATHS.now,
      page: 'now-page',
      load: () => load.loadNow(reader),
      meta: meta.nowMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.nowArchive,
      page: 'now-archives-page',
      item: 'Archived page',
      load: (args) => load.loadNowArchives(reader, splatOf(args)),
      meta: meta.nowArchivesMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.journal,
      page: 'journal-page',
      load: () => load.loadJournal(reader),
      meta: meta.journalMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.journalEntry,
      page: 'journal-entry-page',
      item: 'Journal entry',
      load: (args) => load.loadJournalEntry(reader, slugOf(args)),
      meta: (data, context) => meta.entryMeta(data, 'Journal', context),
    }),
    pageRoute({
      path: PAGE_PATHS.poetry,
      page: 'poetry-page',
      load: () => load.loadPoems(reader),
      meta: meta.poetryMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.poem,
      page: 'poem-page',
      item: 'Poem',
      load: (args) => load.loadPoem(reader, slugOf(args)),
      meta: (data, context) => meta.entryMeta(data, 'Poem', context),
    }),
    pageRoute({
      path: PAGE_PATHS.bookshelf,
      page: 'bookshelf-page',
      load: () => load.loadBookshelf(reader),
      meta: meta.bookshelfMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.readingList,
      page: 'reading-list-page',
      load: () => load.loadReadingList(reader),
      meta: meta.readingListMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.book,
      page: 'book-page',
      item: 'Book',
      load: (args) => load.loadBook(reader, slugOf(args)),
      meta: (data, context) => meta.bookMeta(data, context),
    }),
    pageRoute({
      path: PAGE_PATHS.allBooks,
      page: 'books-array-page',
      load: () => load.loadAllBooks(reader),
      meta: meta.allBooksMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.category,
      page: 'category-page',
      item: 'Category',
      load: (args) => load.loadCategory(reader, splatOf(args)),
      meta: meta.categoryMeta,
    }),
    ...HUB_IDS.map(hub),
    pageRoute({
      path: PAGE_PATHS.projects,
      page: 'projects-page',
      load: () => load.loadProjects(reader),
      meta: meta.projectsMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.project,
      page: 'project-page',
      item: 'Project',
      load: (args) => load.loadProject(reader, slugOf(args)),
      meta: meta.projectMeta,
    }),
    pageRoute({
      path: PAGE_PATHS.authCallback,
      page: 'auth-callback-page',
      personal: true,
      meta: fixed({
        title: 'Signing you in',
        description: 'Finishing your sign-in.',
        path: PAGE_PATHS.authCallback,
        noindex: true,
      }),
    }),
    {
      id: PAGE_PATHS.members,
      path: PAGE_PATHS.members,
      lazy: async () => ({
        Component: (await import('../features/members/members-routes')).default,
      }),
      handle: {
        module: 'src/features/members/members-routes.tsx',
        personal: true,
        meta: fixed({
          title: 'Members',
          description: 'The members area.',
          path: pagePath('members'),
          noindex: true,
        }),
      } satisfies RouteHandle,
    },
    {
      id: PAGE_PATHS.dashboard,
      path: PAGE_PATHS.dashboard,
      loader: () => redirect(PAGE_PATHS.membersDashboard),
      // The loader always redirects (a 302 from the server); there is never anything to show.
      Component: () => null,
    },
    fixedPage('tos', 'tos-page'),
    fixedPage('privacy', 'privacy-page'),
    fixedPage('contact', 'contact-page'),
    pageRoute({
      path: '*',
      page: 'not-found-page',
      load: async () => load.notFound(),
    }),
  ];

  return [
    {
      id: 'root',
      Component: AppShell,
      loader: () => load.loadSite(reader),
      // The profiles change rarely: navigating keeps them; only a revalidation of the page on
      // screen (the console's settings, after a save) reads them again.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href === nextUrl.href,
      ErrorBoundary: RouteError,
      children: [
        // /links stands alone: no header, no footer.
        pageRoute({
          path: PAGE_PATHS.links,
          page: 'links-page',
          load: () => load.loadLinks(reader),
          meta: (data) => ({
            title: 'Links',
            description: `Links to everything ${data.title} makes, and where to find ${data.title} online.`,
            path: PAGE_PATHS.links,
            type: 'profile',
          }),
        }),
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

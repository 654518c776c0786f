import {
  FEED_FORMATS,
  feedPath,
  ITEM_BASE_PATHS,
  PAGE_PATHS,
  pagePath,
  type FeedFormat,
} from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import type { Env } from '../../env.js';
import { AppError } from '../../http/errors.js';
import {
  renderAtom,
  renderJsonFeed,
  renderRobots,
  renderRss,
  renderSitemap,
  itemUrl,
  type FeedSite,
  type SitemapEntry,
} from './feeds.js';
import type { ContentRow } from './store.js';
import { PUBLIC_CACHE } from './routes.js';
import type { ContentService } from './service.js';
import type { ContentKind } from '@quillpost/domain';
import { previewCard, previewCardsDir } from '../site/index.js';
import { contentImageFile, type ImageWorker } from '../images/index.js';

const PUBLIC_VIEWER = { canSeeUnpublished: false } as const;

/** Client routes of spec section 2 that are public pages worth indexing. */
const STATIC_PAGES: string[] = [
  PAGE_PATHS.home,
  PAGE_PATHS.blog,
  PAGE_PATHS.journal,
  PAGE_PATHS.poetry,
  PAGE_PATHS.bookshelf,
  PAGE_PATHS.readingList,
  PAGE_PATHS.allBooks,
  pagePath('category'),
  PAGE_PATHS.projects,
  PAGE_PATHS.build,
  PAGE_PATHS.learn,
  PAGE_PATHS.write,
];

function send(res: Response, type: string, body: string | Buffer) {
  // Express adds the ETag and answers If-None-Match with 304.
  res.set('Cache-Control', PUBLIC_CACHE).type(type).send(body);
}

function lastmod(row: ContentRow): string {
  return row.updated_at && row.updated_at > row.published_at ? row.updated_at : row.published_at;
}

/** The kinds of item a preview card is drawn for, by the path segment of its URL. */
export const CARD_KINDS = {
  post: { kind: 'post', label: 'Blog' },
  journal: { kind: 'journal', label: 'Journal' },
  poem: { kind: 'poem', label: 'Poetry' },
  book: { kind: 'book', label: 'Bookshelf' },
  project: { kind: 'project', label: 'Projects' },
  page: { kind: 'page', label: '' },
} as const satisfies Record<string, { kind: ContentKind; label: string }>;

/**
 * Feeds, sitemap, robots.txt and content images, mounted at the root before the pages (which
 * would otherwise answer browsers with HTML). Feeds never carry drafts or scheduled items,
 * whoever asks. Beside the site's feeds (/rss.xml, /atom.xml, /feed.json), each category, the
 * journal and the poems have theirs next to their page: /category/{category}/rss.xml,
 * /journal/rss.xml, /poetry/atom.xml, and so on.
 */
export function discoveryRoutes(
  env: Pick<Env, 'PUBLIC_URL' | 'CONTENT_DIR' | 'DATABASE_PATH'>,
  content: ContentService,
  /** Draws the preview cards, off the server's threads. */
  worker: Pick<ImageWorker, 'card'>,
): Router {
  const router = Router();
  const cardsDir = previewCardsDir(env);
  const base = env.PUBLIC_URL;

  /** What a feed covers: every post, one category's, the journal or the poems. */
  type FeedScope = { kind: 'posts'; category?: string } | { kind: 'journal' | 'poem' };

  /** The page a feed follows (feeds live beside it) and the name its title adds. */
  function pageOf(scope: FeedScope): { path: string; name: string | null } {
    if (scope.kind !== 'posts') {
      const name = scope.kind === 'journal' ? 'Journal' : 'Poetry';
      return { path: ITEM_BASE_PATHS[scope.kind], name };
    }
    const { category } = scope;
    if (!category) return { path: '', name: null };
    const name = category.charAt(0).toUpperCase() + category.slice(1).replace(/-/g, ' ');
    return { path: pagePath('category', { '*': category }), name };
  }

  function site(scope: FeedScope, format: FeedFormat): FeedSite {
    const { path: page, name } = pageOf(scope);
    const identity = content.identity();
    return {
      base,
      title: name ? `${identity.title}: ${name}` : identity.title,
      description: identity.description,
      selfPath: feedPath(page, format),
      homePath: page || '/',
      language: identity.language,
      timeZone: identity.timezone,
    };
  }

  function rowsFor(scope: FeedScope): ContentRow[] {
    if (scope.kind !== 'posts') return content.rows(scope.kind);
    const { category } = scope;
    if (category !== undefined && !/^[a-z0-9-]{1,100}$/.test(category)) {
      throw new AppError(404, 'NOT_FOUND');
    }
    const rows = content.postRows(PUBLIC_VIEWER, category);
    if (category && rows.length === 0) throw new AppError(404, 'NOT_FOUND');
    return rows;
  }

  const FEEDS: Record<FeedFormat, { type: string; render: (scope: FeedScope) => string }> = {
    rss: {
      type: 'application/rss+xml; charset=utf-8',
      render: (scope) => renderRss(site(scope, 'rss'), rowsFor(scope), content.nowIso()),
    },
    atom: {
      type: 'application/atom+xml; charset=utf-8',
      render: (scope) => renderAtom(site(scope, 'atom'), rowsFor(scope), content.nowIso()),
    },
    json: {
      type: 'application/feed+json; charset=utf-8',
      render: (scope) => JSON.stringify(renderJsonFeed(site(scope, 'json'), rowsFor(scope))),
    },
  };

  for (const format of FEED_FORMATS) {
    const { type, render } = FEEDS[format];
    const serve = (scope: (req: Request) => FeedScope) => (req: Request, res: Response) =>
      send(res, type, render(scope(req)));
    router.get(
      feedPath('', format),
      serve(() => ({ kind: 'posts' })),
    );
    router.get(
      feedPath(ITEM_BASE_PATHS.journal, format),
      serve(() => ({ kind: 'journal' })),
    );
    router.get(
      feedPath(ITEM_BASE_PATHS.poem, format),
      serve(() => ({ kind: 'poem' })),
    );
    router.get(
      // Express's pattern for the category page's feeds, not a page.
      feedPath(`${pagePath('category')}/:category`, format),
      serve((req) => ({ kind: 'posts', category: String(req.params.category) })),
    );
  }

  router.get('/sitemap.xml', (_req, res) => {
    const entries: SitemapEntry[] = STATIC_PAGES.map((page) => ({ path: page }));
    const posts = content.postRows(PUBLIC_VIEWER);
    for (const category of new Set(posts.map((row) => row.category))) {
      entries.push({ path: pagePath('category', { '*': category }) });
    }
    for (const row of [...posts, ...content.rows('journal'), ...content.rows('poem')]) {
      entries.push({ path: itemUrl('', row), lastmod: lastmod(row) });
    }
    for (const row of content.rows('book')) {
      entries.push({ path: pagePath('book', { slug: row.slug }), lastmod: lastmod(row) });
    }
    for (const row of content.rows('project')) {
      entries.push({ path: pagePath('project', { slug: row.slug }), lastmod: lastmod(row) });
    }
    const nows = content.rows('now');
    if (nows.length) entries.push({ path: PAGE_PATHS.now, lastmod: lastmod(nows[0]!) });
    if (nows.length > 1) entries.push({ path: pagePath('nowArchive') });
    for (const row of nows.slice(1)) {
      entries.push({ path: pagePath('nowArchive', { '*': row.slug }), lastmod: lastmod(row) });
    }
    // The pages the content has (start, links, privacy, an About page, pages an import brought),
    // each at /{slug}: a site without a terms page lists none.
    for (const row of content.rows('page')) {
      const path = pagePath('contentPage', { slug: row.slug });
      if (!STATIC_PAGES.includes(path)) {
        entries.push({ path, lastmod: lastmod(row) });
      }
    }
    send(res, 'application/xml; charset=utf-8', renderSitemap(base, entries));
  });

  // Each published item's link-preview card (og:image), drawn from its title and the site.
  router.get('/og/:kind/:file', async (req, res, next) => {
    const kind = CARD_KINDS[req.params.kind as keyof typeof CARD_KINDS];
    const slug = /^(.+)\.png$/.exec(req.params.file)?.[1];
    const item = kind && slug ? content.publishedCard(kind.kind, slug) : undefined;
    if (!kind || !item) return next(new AppError(404, 'NOT_FOUND'));
    const card = await drawCard({ env, content, cardsDir, worker }, kind.label, item);
    send(res, 'image/png', card.png);
  });

  router.get('/robots.txt', (_req, res) => {
    send(res, 'text/plain; charset=utf-8', renderRobots(base));
  });

  return router;
}

/**
 * An item's preview card: its kind, its title and its picture, on the site's paper.
 * `background`: drawn before anyone asks (the card painter).
 */
export function drawCard(
  {
    env,
    content,
    cardsDir,
    worker,
  }: {
    env: Pick<Env, 'CONTENT_DIR'>;
    content: ContentService;
    cardsDir: string;
    worker: Pick<ImageWorker, 'card'>;
  },
  eyebrow: string,
  item: { title: string; picture: string | null },
  options: { background?: boolean } = {},
) {
  const pictureFile = item.picture && contentImageFile(env.CONTENT_DIR, item.picture);
  return previewCard(
    worker,
    cardsDir,
    content.identity(),
    { eyebrow, title: item.title, picture: pictureFile || undefined },
    options,
  );
}

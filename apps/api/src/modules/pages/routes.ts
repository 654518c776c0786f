/**
 * Every page of the site, rendered on the server. Anonymous HTML is the same for every visitor
 * (the header's account area resolves in the browser), so it is public for a minute and served
 * stale while revalidating, and kept rendered in memory per URL, content version and build; a
 * change to the comments under an item drops only the pages that showed them (decision 0023).
 * Pages that depend on the session, anything rendered for an admin (who sees drafts), failures,
 * and any answer that must change a cookie are private and never stored.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { ContentReader, RenderedPage } from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import type { Logger } from '../../logger.js';
import {
  contentReaderOver,
  cookiesMarkMember,
  itemPath,
  PAGE_PATHS,
  pageAddress,
} from '@quillpost/domain';
import {
  PRIVATE_NO_STORE,
  PUBLIC_CACHE,
  inProcessContentCall,
  type ContentReads,
  viewerOf,
  type ContentService,
} from '../content/index.js';
import type { PageHost } from '../../deps.js';
import { bestCopy, type KeptEncoding } from './page-host.js';

interface Page {
  status: number;
  html: string;
  etag: string;
  /** A kept page's bytes as sent (encodeKept): not encoded again for every reader. */
  bytes?: Buffer;
  /** A kept page's compressed copies, once made (encodeKept). */
  encoded?: Partial<Record<KeptEncoding, Buffer>>;
  /** The page marked for a reader the browser knows, once asked for (markedForMember). */
  member?: { html: string; etag: string };
}

/**
 * A known reader's page, as fresh as a visitor's but for their browser only: a cache in front
 * keeps the visitor's copy for everyone, even one that ignores Vary.
 */
const KNOWN_READER_CACHE = PUBLIC_CACHE.replace(/^public/, 'private');

/**
 * The page as a browser that knows its reader gets it (decision 0042): `<html data-member>`, so
 * its visitor's buttons stay hidden from the first paint until the reader's own arrive, with no
 * script in the head to find out. Compressed as it goes: such readers are the few.
 */
function markedForMember(page: Page): { html: string; etag: string } {
  page.member ??= {
    html: page.html.replace(/<html\b/i, '<html data-member'),
    etag: `${page.etag.slice(0, -1)}.member"`,
  };
  return page.member;
}

/**
 * A kept page made into bytes once, and compressed once at its best on zlib's threads, instead of
 * again for every reader on the thread that answers them all; until a compressed copy is made,
 * the compression middleware compresses the answer as it goes.
 */
function encodeKept(page: Page) {
  const html = (page.bytes = Buffer.from(page.html));
  const encoded: Page['encoded'] = (page.encoded = {});
  const keep = (encoding: KeptEncoding) => (error: Error | null, bytes: Buffer) => {
    if (!error) encoded[encoding] = bytes;
  };
  zlib.brotliCompress(
    html,
    {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    },
    keep('br'),
  );
  zlib.gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION }, keep('gzip'));
}

/**
 * The conversations under items as they change (the discussions module's; the app hands them in):
 * every change has a number, larger than any before it.
 */
export interface ConversationChanges {
  /** The latest change's number. */
  latest(): number;
  /** What changed after change `after`: the paths of those items, and whether a count moved. */
  after(after: number): { latest: number; itemPaths: string[]; countsMoved: boolean };
}

/** What a render read of the conversations, and from which change on it may be out of date. */
interface ConversationsShown {
  /** Paths of the items whose conversation the page shows. */
  itemPaths: Set<string>;
  /** Whether it shows comment counts (the lists). */
  counts: boolean;
  /** The latest change when the render began. */
  since: number;
}

/** The reader a public render reads through, noting what of the conversations it showed. */
function notingConversations(
  reader: ContentReader,
  shownNow: () => ConversationsShown | undefined,
): ContentReader {
  return {
    ...reader,
    conversation(kind, slug) {
      shownNow()?.itemPaths.add(itemPath(kind, slug));
      return reader.conversation(kind, slug);
    },
    commentCounts() {
      const shown = shownNow();
      if (shown) shown.counts = true;
      return reader.commentCounts();
    },
  };
}

/** URLs come from anyone (query strings, scanners): the least recently used pages make room. */
const CACHE_MAX_ENTRIES = 500;
/** Only answers that are the same for every visitor and stay right until the content changes. */
const CACHEABLE_STATUSES = new Set([200, 404]);

/** Paths that are never pages: the API, its verification link and the development mailbox. */
const NOT_PAGES = /^\/(?:api\/|verify$|dev\/)/;

export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/**
 * The links of this site a browser may load ahead (decision 0035, amended by 0039): never a
 * personal page, a page with a query (a one-time link's token travels in one), the API or a
 * counted newsletter redirect.
 */
const SPECULABLE_LINKS = {
  and: [
    { href_matches: { pathname: '/*', search: '' } },
    {
      not: {
        href_matches: [
          PAGE_PATHS.members,
          `${PAGE_PATHS.members}/*`,
          PAGE_PATHS.authCallback,
          PAGE_PATHS.manage,
          PAGE_PATHS.signedUp,
          '/api/*',
          '/r/*',
          '/verify',
          '/unsubscribe*',
        ].map((pathname) => ({ pathname })),
      },
    },
    { not: { selector_matches: '[rel~="nofollow"], [download]' } },
  ],
};

/**
 * Moving between reading pages without a client router (decision 0039): the page a link leads
 * to is fetched once the reader's pointer rests on it (moderate: on a phone, once the link has
 * stayed in view), and rendered ahead only when they press it (conservative). A prerender is a
 * whole page's work on the reader's CPU while they are still reading, which a cheap phone pays for
 * in the page they are on; fetched ahead, the next page is still there at once, from memory.
 */
const SPECULATION_RULES = JSON.stringify({
  prefetch: [{ source: 'document', where: SPECULABLE_LINKS, eagerness: 'moderate' }],
  prerender: [{ source: 'document', where: SPECULABLE_LINKS, eagerness: 'conservative' }],
});

/**
 * The page a request names, as a path on this site, and its query: Express's parsed path (of an
 * absolute-form target, `GET http://host/x`, only the path). Browsers read a leading `//` or `/\`
 * as a host name, so a path that starts with a run of slashes and backslashes is `misspelled`:
 * the page meant starts with one `/`.
 */
function requestedPage(req: Request): { path: string; query: string; misspelled: boolean } {
  const target = req.originalUrl;
  const query = target.includes('?') ? target.slice(target.indexOf('?')) : '';
  const path = req.path.replace(/^[/\\]+/, '/');
  return { path, query, misspelled: path !== req.path };
}

function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/** A small LRU: a Map keeps insertion order, so the first key is the least recently used. */
function createPageCache(conversations: ConversationChanges) {
  const pages = new Map<string, { page: Page; shown: ConversationsShown }>();
  let version = '';
  let seenChange = conversations.latest();

  /**
   * Drops what is out of date: every page when the content's version moved; after a change to
   * a conversation, the pages that show it, and those that show counts if a count moved.
   */
  function catchUp(currentVersion: string) {
    if (currentVersion !== version) {
      pages.clear();
      version = currentVersion;
      seenChange = conversations.latest();
      return;
    }
    if (conversations.latest() === seenChange) return;
    const changed = conversations.after(seenChange);
    seenChange = changed.latest;
    const changedItems = new Set(changed.itemPaths);
    for (const [key, { shown }] of pages) {
      const showsChange =
        (changed.countsMoved && shown.counts) ||
        [...shown.itemPaths].some((path) => changedItems.has(path));
      if (showsChange) pages.delete(key);
    }
  }

  return {
    get(key: string, currentVersion: string): Page | undefined {
      catchUp(currentVersion);
      const kept = pages.get(key);
      if (kept) {
        pages.delete(key);
        pages.set(key, kept);
      }
      return kept?.page;
    },
    /**
     * Keeps a page rendered under `renderedVersion`, unless the content has moved on since, or
     * a conversation changed while it rendered.
     */
    set(key: string, page: Page, shown: ConversationsShown, renderedVersion: string): boolean {
      if (renderedVersion !== version || conversations.latest() !== shown.since) return false;
      pages.delete(key);
      pages.set(key, { page, shown });
      if (pages.size > CACHE_MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      return true;
    },
  };
}

export function pageRoutes(
  host: PageHost,
  content: ContentService,
  reads: ContentReads,
  logger: Logger,
  conversations: ConversationChanges,
): Router {
  const readerFor = (canSeeUnpublished: boolean) =>
    contentReaderOver(inProcessContentCall(reads, { canSeeUnpublished }));
  // Renders share one reader, so each notes what it reads in its own asynchronous context.
  const shownByRender = new AsyncLocalStorage<ConversationsShown>();
  const publicPages = host.rendererFor(
    notingConversations(readerFor(false), () => shownByRender.getStore()),
  );
  const previewPages = host.rendererFor(readerFor(true));
  const cache = createPageCache(conversations);
  // Requests for a page that is being rendered wait for that render instead of starting another.
  const rendering = new Map<
    string,
    Promise<{ rendered: RenderedPage; shown: ConversationsShown }>
  >();

  function renderShared(url: string) {
    let pending = rendering.get(url);
    if (!pending) {
      const shown: ConversationsShown = {
        itemPaths: new Set(),
        counts: false,
        since: conversations.latest(),
      };
      pending = shownByRender
        .run(shown, () => publicPages.render(url))
        .then((rendered) => ({ rendered, shown }))
        .finally(() => rendering.delete(url));
      rendering.set(url, pending);
    }
    return pending;
  }

  function send(req: Request, res: Response, page: Page, cacheControl: string) {
    // A response that changes a cookie (clearing an expired session) is for this browser only.
    const shared = cacheControl === PUBLIC_CACHE && !res.getHeader('Set-Cookie');
    res.set('Cache-Control', shared ? PUBLIC_CACHE : PRIVATE_NO_STORE);
    res.set('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`);
    // A page that is the same for every reader holds nothing another window could learn from,
    // and isolating it (COOP) would cost a phone a fresh process to show it (decision 0044).
    // Personal pages, the owner's previews and the API keep the site's policy (app.ts).
    if (cacheControl === PUBLIC_CACHE) res.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    res.status(page.status).type('html').vary('Cookie');
    if (cookiesMarkMember(req.headers.cookie)) {
      const marked = markedForMember(page);
      if (shared) res.set('Cache-Control', KNOWN_READER_CACHE);
      return void res.set('ETag', marked.etag).send(marked.html);
    }
    res.set('ETag', page.etag);
    const encoding = bestCopy(req, (encoding) => page.encoded?.[encoding] !== undefined);
    // Express answers 304 itself when If-None-Match matches (for a 2xx), and sends no body to HEAD.
    if (!encoding) return void res.send(page.bytes ?? page.html);
    res.vary('Accept-Encoding').set('Content-Encoding', encoding).send(page.encoded![encoding]);
  }

  /** A redirect, or the page with what the response may say about caching it. */
  function answer(req: Request, res: Response, rendered: RenderedPage) {
    if (rendered.kind === 'redirect') {
      res.redirect(rendered.status, rendered.location);
      return null;
    }
    if (rendered.status >= 500) {
      logger.error({ url: req.originalUrl, error: rendered.error }, 'page failed to render');
    }
    return { status: rendered.status, html: rendered.html, etag: etagOf(rendered.html) };
  }

  const router = Router();
  router.use(host.assets);
  router.get(SPECULATION_RULES_PATH, (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600');
    res.type('application/speculationrules+json').send(SPECULATION_RULES);
  });
  router.get(/.*/, async (req, res, next) => {
    if (NOT_PAGES.test(req.path) || !req.accepts('html')) return next();
    const { path, query, misspelled } = requestedPage(req);
    if (misspelled) return res.redirect(301, path + query);

    if (viewerOf(req).canSeeUnpublished) {
      const page = answer(req, res, await previewPages.render(path + query));
      if (page) send(req, res, page, PRIVATE_NO_STORE);
      return;
    }

    // Anonymous pages render and are kept by their address: the path and the query parameters
    // the page reads, whatever else the link carried.
    const address = pageAddress(path, new URLSearchParams(query));
    // The footer's year is part of every page, so a new year is a new version too.
    const currentVersion = () =>
      `${host.build}:${content.version()}:${content.nowIso().slice(0, 4)}`;
    const version = currentVersion();
    const cached = host.build === null ? undefined : cache.get(address, version);
    if (cached) return send(req, res, cached, PUBLIC_CACHE);

    const shared = await renderShared(address);
    let rendered = shared.rendered;
    // A page that depends on the session is this reader's alone: it sees the whole query
    // (/auth/callback's result, /manage's token).
    if (rendered.kind === 'page' && rendered.personal && address !== path + query) {
      rendered = await publicPages.render(path + query);
    }
    const page = answer(req, res, rendered);
    if (!page || rendered.kind !== 'page') return;
    if (rendered.personal || !CACHEABLE_STATUSES.has(page.status)) {
      return send(req, res, page, PRIVATE_NO_STORE);
    }
    // A scheduled post may have gone live while this page rendered: then it is already stale.
    // A query that names nothing (a category no post is filed under) is not worth a place.
    const named = page.status === 200 || address === path;
    if (host.build !== null && named && currentVersion() === version) {
      if (cache.set(address, page, shared.shown, version)) encodeKept(page);
    }
    send(req, res, page, PUBLIC_CACHE);
  });
  return router;
}

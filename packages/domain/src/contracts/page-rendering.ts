/**
 * The contract between the API process, which serves pages, and the web app's server renderer
 * (apps/web/src/entry-server.tsx). Neither app imports the other: the API loads a renderer that
 * satisfies PageRendererModule and hands it a ContentReader. Both sides build that reader with
 * `contentReaderOver` from a call by endpoint name: in the browser the call goes over HTTP, in
 * the API process it runs the same endpoint in process, so a page's data is read one way.
 */
import type { BookList } from '../constants.js';
import type {
  Book,
  Category,
  FIXED_PAGE_SLUGS,
  JournalEntry,
  LinksPage,
  NowArchiveSummary,
  NowPage,
  Page,
  Poem,
  Project,
  SearchResponse,
  Site,
} from './content.js';
import type { Post } from './posts.js';
import type { CommentCounts, PostConversation } from './discussions.js';
import type { ReadableKind } from '../permalinks.js';
import { DEFAULT_HUB_COPY, DEFAULT_SUBSCRIBE_COPY } from '../site-copy.js';

/** What a read gives a route loader: the answer, or a failure with the API's status and code. */
export type ContentResult<T> =
  { ok: true; data: T } | { ok: false; status: number; code: string; message: string };

export type FixedPageSlug = (typeof FIXED_PAGE_SLUGS)[number];

/** The read endpoints of the catalogue a page can need (spec section 7 and issue 5). */
export type ContentEndpointName =
  | 'posts'
  | 'post'
  | 'postConversation'
  | 'journalConversation'
  | 'poemConversation'
  | 'commentCounts'
  | 'journal'
  | 'journalEntry'
  | 'poems'
  | 'poem'
  | 'books'
  | 'book'
  | 'projects'
  | 'project'
  | 'now'
  | 'nowArchives'
  | 'nowArchive'
  | 'categories'
  | 'links'
  | 'page'
  | 'search'
  | 'site';

export interface ContentCallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  /** `no-store` where the HTTP cache must be skipped (post lists). */
  cache?: 'no-store';
}

/** One read by endpoint name, resolving to its answer (typed by the reader that asks). */
export type ContentCall = (
  name: ContentEndpointName,
  options?: ContentCallOptions,
) => Promise<ContentResult<unknown>>;

/** The content reads a page can need, one per read endpoint of spec section 7 and issue 5. */
export interface ContentReader {
  posts(category?: string): Promise<ContentResult<Post[]>>;
  post(slug: string): Promise<ContentResult<Post>>;
  /** The comments under a post, journal entry or poem, as every visitor sees them. */
  conversation(kind: ReadableKind, slug: string): Promise<ContentResult<PostConversation>>;
  /** Visible comments per item path, for the lists. */
  commentCounts(): Promise<ContentResult<{ counts: CommentCounts }>>;
  journal(): Promise<ContentResult<JournalEntry[]>>;
  journalEntry(slug: string): Promise<ContentResult<JournalEntry>>;
  poems(): Promise<ContentResult<Poem[]>>;
  poem(slug: string): Promise<ContentResult<Poem>>;
  books(list?: BookList): Promise<ContentResult<Book[]>>;
  book(slug: string): Promise<ContentResult<Book>>;
  projects(): Promise<ContentResult<Project[]>>;
  project(slug: string): Promise<ContentResult<Project>>;
  now(): Promise<ContentResult<NowPage>>;
  nowArchives(): Promise<ContentResult<NowArchiveSummary[]>>;
  nowArchive(slug: string): Promise<ContentResult<NowPage>>;
  categories(): Promise<ContentResult<Category[]>>;
  links(): Promise<ContentResult<LinksPage>>;
  /** A page of content/pages: the fixed ones and any other the owner wrote. */
  page(slug: string): Promise<ContentResult<Page>>;
  site(): Promise<ContentResult<Site>>;
  search(query: string): Promise<ContentResult<SearchResponse>>;
}

/**
 * A site before (or without) its answer: plain words and no profiles. Here, not beside
 * siteSchema, so every page's frame can use it without loading zod.
 */
export const NO_SITE: Site = {
  title: 'My site',
  tagline: '',
  description: '',
  language: 'en',
  timezone: 'UTC',
  accent: '#8c3a1f',
  owner: { name: 'The owner', bio: '', avatarUrl: null, email: null },
  intro: '',
  newsletterName: 'My site',
  socialProfiles: [],
  hubs: DEFAULT_HUB_COPY,
  subscribe: DEFAULT_SUBSCRIBE_COPY,
  analytics: false,
  fediverseAccount: null,
  // Nothing is known to be there: the menus link Home alone.
  sections: { build: false, learn: false, write: false, now: false, start: false },
};

const CONVERSATION_READS = {
  post: 'postConversation',
  journal: 'journalConversation',
  poem: 'poemConversation',
} as const satisfies Record<ReadableKind, ContentEndpointName>;

/**
 * The ContentReader over a transport. Spec section 7: post lists carry t={timestamp} and
 * refresh=true and skip the HTTP cache; one post carries t={timestamp}.
 */
export function contentReaderOver(call: ContentCall, now: () => number = Date.now): ContentReader {
  const read = <T>(name: ContentEndpointName, options?: ContentCallOptions) =>
    call(name, options) as Promise<ContentResult<T>>;
  const item = <T>(name: ContentEndpointName, slug: string) => read<T>(name, { params: { slug } });
  return {
    posts: (category) =>
      read('posts', { query: { t: String(now()), refresh: 'true', category }, cache: 'no-store' }),
    post: (id) => read('post', { params: { id }, query: { t: String(now()) } }),
    conversation: (kind, slug) => item(CONVERSATION_READS[kind], slug),
    commentCounts: () => read('commentCounts'),
    journal: () => read('journal'),
    journalEntry: (slug) => item('journalEntry', slug),
    poems: () => read('poems'),
    poem: (slug) => item('poem', slug),
    books: (list) => read('books', { query: { list } }),
    book: (slug) => item('book', slug),
    projects: () => read('projects'),
    project: (slug) => item('project', slug),
    now: () => read('now'),
    nowArchives: () => read('nowArchives'),
    nowArchive: (slug) => item('nowArchive', slug),
    categories: () => read('categories'),
    links: () => read('links'),
    page: (slug) => item('page', slug),
    // Read again after the owner saves new profiles: the HTTP cache must not answer.
    site: () => read('site', { cache: 'no-store' }),
    search: (q) => read('search', { query: { q } }),
  };
}

/** One server-rendered answer. */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The whole document, ready to send. */
      html: string;
      /** The page depends on who is signed in (members area, sign-in callback, /manage). */
      personal: boolean;
      /** For a 5xx: what went wrong, for the server's log (never shown in the page). */
      error?: string;
    };

export interface PageRendererOptions {
  reader: ContentReader;
  /** PUBLIC_URL without a trailing slash: canonical URLs, Open Graph and JSON-LD are absolute. */
  publicUrl: string;
  /**
   * index.html of the client build (or Vite's transformed one in development), with the
   * placeholders `<!--app-head-->`, `<!--app-html-->` and `<!--app-data-->`.
   */
  template: string;
  /** modulepreload URLs for the source modules a page's routes load (from Vite's manifest). */
  preloadsFor?: (modules: readonly string[]) => readonly string[];
}

export interface PageRenderer {
  /** `url` is the path and query of the request, e.g. `/posts/small-tools?ref=feed`. */
  render(url: string): Promise<RenderedPage>;
}

/** What apps/web's server entry exports. */
export interface PageRendererModule {
  createPageRenderer(options: PageRendererOptions): PageRenderer;
}

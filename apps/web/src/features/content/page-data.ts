/**
 * What each reading page loads, shaped for the page: its route loader runs on the server with the
 * API's in-process reader and in the browser, on client-side navigation, with the HTTP one. The
 * result is embedded in the server's HTML for hydration, so lists carry summaries rather than
 * every post's full text.
 */
import {
  itemPath,
  type Book,
  type Category,
  type ContentReader,
  type ContentResult,
  type FixedPageSlug,
  type JournalEntry,
  type LinksPage,
  type NowArchiveSummary,
  type NowPage,
  type Page,
  type Poem,
  type Post,
  type Project,
  NO_SITE,
  type Site,
} from '@quillpost/domain';
import { data } from 'react-router-dom';
import { postNeighbours, summarizePost, type PostNeighbours, type PostSummary } from './api/posts';
import type { EntryLink } from './components/entry-links';
import { HUB_IDS, type HubId } from './hubs';
import { humanize } from './utils/format';

/** A failed read becomes the route's error: a 404 page, or the failure with Try Again. */
function required<T>(result: ContentResult<T>): T {
  if (result.ok) return result.data;
  // 503 for a network failure (status 0): the page was not refused, it could not be reached.
  throw data(result, { status: result.status || 503 });
}

export function notFound(): never {
  throw data({ ok: false, status: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
}

/** Spec section 8: a post list that cannot be loaded is an empty list. */
function postsOrEmpty(result: ContentResult<Post[]>): Post[] {
  return result.ok ? result.data : [];
}

function optional<T>(result: ContentResult<T>): T | null {
  return result.ok ? result.data : null;
}

const LATEST_COUNT = 5;
const HUB_POST_COUNT = 6;
const HUB_ENTRY_COUNT = 3;
const HUB_BOOK_COUNT = 6;

export interface HomeData {
  latest: PostSummary[];
  latestByHub: Record<HubId, PostSummary | null>;
}

export async function loadHome(reader: ContentReader): Promise<HomeData> {
  const posts = postsOrEmpty(await reader.posts());
  const latestIn = (hub: HubId) => posts.find((post) => post.category === hub);
  return {
    latest: posts.slice(0, LATEST_COUNT).map(summarizePost),
    latestByHub: Object.fromEntries(
      HUB_IDS.map((hub) => {
        const latest = latestIn(hub);
        return [hub, latest ? summarizePost(latest) : null];
      }),
    ) as Record<HubId, PostSummary | null>,
  };
}

export interface BlogData {
  posts: PostSummary[];
  /** Null when the categories could not be read: the page then derives them from the posts. */
  categories: Category[] | null;
}

export async function loadBlog(reader: ContentReader): Promise<BlogData> {
  const [posts, categories] = await Promise.all([reader.posts(), reader.categories()]);
  return { posts: postsOrEmpty(posts).map(summarizePost), categories: optional(categories) };
}

export interface PostData {
  post: Post;
  neighbours: PostNeighbours | null;
}

export async function loadPost(reader: ContentReader, slug: string): Promise<PostData> {
  const [post, posts] = await Promise.all([reader.post(slug), reader.posts()]);
  return {
    post: required(post),
    neighbours: posts.ok ? postNeighbours(posts.data, slug) : null,
  };
}

export type CategoryData =
  | { kind: 'index'; categories: Category[] }
  | {
      kind: 'posts';
      slug: string;
      sub: string | null;
      category: Category | null;
      name: string;
      subName: string | null;
      posts: PostSummary[];
    };

/** /category, /category/{category} and /category/{category}/{topic}. */
export async function loadCategory(reader: ContentReader, splat: string): Promise<CategoryData> {
  const [slug, sub = null, ...rest] = splat.split('/').filter(Boolean);
  if (!slug) return { kind: 'index', categories: required(await reader.categories()) };
  if (rest.length > 0) notFound();
  const [postsResult, categoriesResult] = await Promise.all([
    reader.posts(slug),
    reader.categories(),
  ]);
  const all = postsOrEmpty(postsResult);
  const category = optional(categoriesResult)?.find((entry) => entry.slug === slug) ?? null;
  const posts = sub ? all.filter((post) => post.sub_category === sub) : all;
  // A category or topic nothing was ever filed under does not exist; an emptied one still does.
  const known = sub
    ? posts.length > 0 || Boolean(category?.sub_categories.some((entry) => entry.slug === sub))
    : all.length > 0 || category !== null;
  if (!known && postsResult.ok) notFound();
  const subName = sub
    ? (category?.sub_categories.find((entry) => entry.slug === sub)?.name ?? humanize(sub))
    : null;
  return {
    kind: 'posts',
    slug,
    sub,
    category,
    name: category?.name ?? humanize(slug),
    subName,
    posts: posts.map(summarizePost),
  };
}

export type HubRelated =
  | { hub: 'build'; projects: Project[] }
  | { hub: 'learn'; reading: Book[]; upNext: Book[] }
  | { hub: 'write'; journal: EntryLink[]; poems: EntryLink[] };

export interface HubData {
  hub: HubId;
  posts: PostSummary[];
  related: HubRelated;
}

function entryLinks(
  items: ReadonlyArray<JournalEntry | Poem>,
  kind: 'journal' | 'poem',
  count: number,
): EntryLink[] {
  return items.slice(0, count).map((item) => ({
    slug: item.slug,
    title: item.title,
    date: item.date,
    excerpt: item.excerpt_short,
    to: itemPath(kind, item.slug),
  }));
}

async function loadHubRelated(reader: ContentReader, hub: HubId): Promise<HubRelated> {
  switch (hub) {
    case 'build':
      return { hub, projects: required(await reader.projects()) };
    case 'learn': {
      const [shelf, next] = await Promise.all([
        reader.books('bookshelf'),
        reader.books('reading-list'),
      ]);
      return {
        hub,
        reading: required(shelf).filter((book) => book.status === 'reading'),
        upNext: required(next).slice(0, HUB_BOOK_COUNT),
      };
    }
    case 'write': {
      const [journal, poems] = await Promise.all([reader.journal(), reader.poems()]);
      return {
        hub,
        journal: entryLinks(required(journal), 'journal', HUB_ENTRY_COUNT),
        poems: entryLinks(required(poems), 'poem', HUB_ENTRY_COUNT),
      };
    }
  }
}

export async function loadHub(reader: ContentReader, hub: HubId): Promise<HubData> {
  const [posts, related] = await Promise.all([reader.posts(hub), loadHubRelated(reader, hub)]);
  return {
    hub,
    posts: postsOrEmpty(posts).slice(0, HUB_POST_COUNT).map(summarizePost),
    related,
  };
}

export interface NowData {
  now: NowPage;
  archives: NowArchiveSummary[];
}

export async function loadNow(reader: ContentReader): Promise<NowData> {
  const [now, archives] = await Promise.all([reader.now(), reader.nowArchives()]);
  return { now: required(now), archives: optional(archives) ?? [] };
}

export type NowArchivesData =
  { kind: 'index'; archives: NowArchiveSummary[] } | { kind: 'archive'; page: NowPage };

export async function loadNowArchives(
  reader: ContentReader,
  splat: string,
): Promise<NowArchivesData> {
  const [slug, ...rest] = splat.split('/').filter(Boolean);
  if (!slug) return { kind: 'index', archives: required(await reader.nowArchives()) };
  if (rest.length > 0) notFound();
  return { kind: 'archive', page: required(await reader.nowArchive(slug)) };
}

export const loadJournal = async (reader: ContentReader): Promise<JournalEntry[]> =>
  required(await reader.journal());

export const loadJournalEntry = async (
  reader: ContentReader,
  slug: string,
): Promise<JournalEntry> => required(await reader.journalEntry(slug));

export const loadPoems = async (reader: ContentReader): Promise<Poem[]> =>
  required(await reader.poems());

export const loadPoem = async (reader: ContentReader, slug: string): Promise<Poem> =>
  required(await reader.poem(slug));

export const loadBookshelf = async (reader: ContentReader): Promise<Book[]> =>
  required(await reader.books('bookshelf'));

export const loadReadingList = async (reader: ContentReader): Promise<Book[]> =>
  required(await reader.books('reading-list'));

export const loadAllBooks = async (reader: ContentReader): Promise<Book[]> =>
  required(await reader.books());

export const loadBook = async (reader: ContentReader, slug: string): Promise<Book> =>
  required(await reader.book(slug));

export const loadProjects = async (reader: ContentReader): Promise<Project[]> =>
  required(await reader.projects());

export const loadProject = async (reader: ContentReader, slug: string): Promise<Project> =>
  required(await reader.project(slug));

export const loadFixedPage = async (reader: ContentReader, slug: FixedPageSlug): Promise<Page> =>
  required(await reader.page(slug));

export const loadLinks = async (reader: ContentReader): Promise<LinksPage> =>
  required(await reader.links());

/**
 * The root route's data: what every page's frame shows besides content. A failed read leaves the
 * frame without profiles instead of failing the page under it.
 */
export async function loadSite(reader: ContentReader): Promise<Site> {
  const site = await reader.site();
  return site.ok ? site.data : NO_SITE;
}

/**
 * The catalogue of the web app's pages: every route pattern of its route table, named once and
 * used by name everywhere (route table, links, redirects, canonical URLs), as `API_ROUTES` names
 * the endpoints. `pagePath` fills a pattern; no page path is spelled anywhere else in the web
 * (a lint rule in eslint.config.js reads this file to know what a page path looks like).
 * Zod-free and small: the first load of every page imports it.
 */
import { fillPath, type SplatValue } from './path-pattern.js';

export const PAGE_PATHS = {
  home: '/',
  start: '/start',
  welcome: '/welcome',
  /** Every loading animation in every size, for checking them by eye. */
  loadingAnimations: '/test',
  /**
   * The newsletter's form as a page of its own, which works without JavaScript: every Subscribe
   * on a reading page links here. The form posts back to this address (the subscriptions module).
   */
  subscribe: '/subscribe',
  /** After subscribing: check your inbox. */
  signedUp: '/signedup',
  /** The subscriber's own newsletter settings. */
  manage: '/manage',
  blog: '/blog',
  /** Search results, without JavaScript too (noindex). */
  search: '/search',
  post: '/posts/:slug',
  now: '/now',
  /** The archived now pages: their list without a slug, one archive with it. */
  nowArchive: '/nowArchives/*',
  journal: '/journal',
  journalEntry: '/journal/:slug',
  poetry: '/poetry',
  poem: '/poetry/:slug',
  bookshelf: '/bookshelf',
  readingList: '/list',
  book: '/books/:slug',
  allBooks: '/books-array',
  /** Every category without a splat; a category, or a category and its sub-category, with it. */
  category: '/category/*',
  // The three hubs (their ids are their names)
  build: '/build',
  learn: '/learn',
  write: '/write',
  projects: '/projects',
  project: '/projects/:slug',
  /** Where social sign-in and magic links land. */
  authCallback: '/auth/callback',
  /** The members area's frame (sign-in gate and menu); its pages below it. */
  members: '/members',
  membersDashboard: '/members/dashboard',
  membersProfile: '/members/profile',
  membersAccount: '/members/account',
  membersBookmarks: '/members/bookmarks',
  membersDiscussions: '/members/discussions',
  membersThread: '/members/discussions/threads/:threadId',
  /** The discussion of one post. */
  membersPostDiscussion: '/members/discussions/posts/:postId',
  membersEvents: '/members/events',
  membersDirectory: '/members/members',
  /** The moderation tabs (queue, log) below it. */
  membersModeration: '/members/moderation/*',
  /** The owner's console, its sections below it. */
  membersConsole: '/members/admin/*',
  /** The spec's user menu links its dashboard button here; it redirects to membersDashboard. */
  dashboard: '/dashboard',
  tos: '/tos',
  privacy: '/privacy',
  contact: '/contact',
  /** The link page, standing alone without header and footer. */
  links: '/links',
  /** Any other page of content/pages (an About page, a colophon, an imported page). */
  contentPage: '/:slug',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOf<P extends string> = {
  [Name in ParamNames<P>]: string | number;
} & (P extends `${string}/*` ? { '*'?: SplatValue } : unknown);

/** A page's parameters: required where its pattern has `:name` segments, absent where none. */
export type PageParams<N extends PageName> = ParamsOf<(typeof PAGE_PATHS)[N]>;

type PageParamsArgument<N extends PageName> = [ParamNames<(typeof PAGE_PATHS)[N]>] extends [never]
  ? (typeof PAGE_PATHS)[N] extends `${string}/*`
    ? [params?: PageParams<N>]
    : []
  : [params: PageParams<N>];

/**
 * A page's path with its `:name` segments and its `*` filled in, each segment URI-encoded as
 * `apiPath` does; a splat left out gives the splat route's own root (`/category`).
 */
export function pagePath<N extends PageName>(name: N, ...[params]: PageParamsArgument<N>): string {
  return fillPath(PAGE_PATHS[name], (params ?? {}) as Record<string, string>, 'pagePath');
}

/**
 * The query parameters a page's HTML depends on, by page. The server renders and caches a page
 * by its path and these alone: tracking parameters and one-time links (`verify`, `email`) neither
 * make new cache entries nor reach a page another reader is sent.
 */
export const PAGE_QUERY_PARAMETERS: Partial<Record<PageName, readonly string[]>> = {
  /** The blog's filter: one category's posts. */
  blog: ['category'],
  /** The words searched for. */
  search: ['q'],
  /**
   * A refused form sent back: the refusal's code and the address typed. The page answers 400 with
   * them, so it is rendered for the one reader and never kept.
   */
  subscribe: ['error', 'email'],
};

/** What `pageAddress` reads of a query: URLSearchParams has it (the domain has no DOM types). */
export interface QueryParameters {
  get(name: string): string | null;
}

/** `path` and the query parameters its page reads, in a fixed order: the page's cache key. */
export function pageAddress(path: string, query: QueryParameters): string {
  const name = (Object.keys(PAGE_PATHS) as PageName[]).find((page) => PAGE_PATHS[page] === path);
  const kept = ((name && PAGE_QUERY_PARAMETERS[name]) ?? []).flatMap((parameter) => {
    const value = query.get(parameter);
    return value === null ? [] : [`${encodeURIComponent(parameter)}=${encodeURIComponent(value)}`];
  });
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

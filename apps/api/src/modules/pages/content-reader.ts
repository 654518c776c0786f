/**
 * The server's ContentReader: route loaders read the content service in process, with the same
 * answers (and the same cached JSON) the read endpoints send, so a server-rendered page and its
 * later client-side navigations see identical data.
 */
import { BOOK_LISTS, MESSAGES, type ContentReader, type ContentResult } from '@quillpost/domain';
import type { ContentService, JsonBody, Viewer } from '../content/index.js';

const notFound = {
  ok: false,
  status: 404,
  code: 'NOT_FOUND',
  message: MESSAGES.NOT_FOUND,
} as const;

function answer<T>(result: JsonBody | undefined): Promise<ContentResult<T>> {
  return Promise.resolve(result ? { ok: true, data: JSON.parse(result.body) as T } : notFound);
}

export function contentReaderFor(content: ContentService, viewer: Viewer): ContentReader {
  return {
    posts: (category) => answer(content.posts(viewer, category)),
    post: (slug) => answer(content.post(slug, viewer)),
    journal: () => answer(content.journal(viewer)),
    journalEntry: (slug) => answer(content.journalEntry(slug, viewer)),
    poems: () => answer(content.poems(viewer)),
    poem: (slug) => answer(content.poem(slug, viewer)),
    books: (list) =>
      answer(content.books(viewer, { statuses: list ? BOOK_LISTS[list] : undefined })),
    book: (slug) => answer(content.book(slug, viewer)),
    projects: () => answer(content.projects(viewer)),
    project: (slug) => answer(content.project(slug, viewer)),
    now: () => answer(content.now(viewer)),
    nowArchives: () => answer(content.nowArchives(viewer)),
    nowArchive: (slug) => answer(content.nowArchive(slug, viewer)),
    categories: () => answer(content.categories(viewer)),
    links: () => answer(content.links(viewer)),
    page: (slug) => answer(content.page(slug, viewer)),
  };
}

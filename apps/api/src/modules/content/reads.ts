/**
 * What each read endpoint answers, by catalogue name: the one table behind both GET /api/... and
 * the pages' in-process reads, so a server-rendered page and the JSON a browser fetches later
 * come from the same code (and the same cached JSON).
 */
import { createHash } from 'node:crypto';
import {
  BOOK_LISTS,
  MESSAGES,
  type ContentCall,
  type ContentEndpointName,
  type EndpointInput,
  type ReadableKind,
} from '@quillpost/domain';
import { refusalOf } from '../../http/errors.js';
import { parseEndpointInput } from '../../http/endpoints.js';
import type { ContentService, JsonBody, Viewer } from './service.js';

export type ReadEndpointName = ContentEndpointName | 'search';

/** Undefined: not found. */
export type ContentReads = {
  [Name in ReadEndpointName]: (viewer: Viewer, input: EndpointInput<Name>) => JsonBody | undefined;
};

/** A slug that cannot name an item is simply not found (never a 400 a crawler would keep). */
const bySlug = (params: { slug: string }, read: (slug: string) => JsonBody | undefined) =>
  /^[a-z0-9~-]{1,200}$/.test(params.slug) ? read(params.slug) : undefined;

/** Reads other modules answer for the pages: the conversation under an item (discussions). */
export interface OtherReads {
  conversation(kind: ReadableKind, slug: string): object | undefined;
  commentCounts(): Record<string, number>;
}

function json(value: object | undefined): JsonBody | undefined {
  if (value === undefined) return undefined;
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export function contentReads(content: ContentService, others: OtherReads): ContentReads {
  // What every visitor sees, whoever asks: a member's own view is the members area's.
  const conversation =
    (kind: ReadableKind) =>
    (_viewer: Viewer, { params }: { params: { slug: string } }) =>
      bySlug(params, (slug) => {
        const found = others.conversation(kind, slug);
        return json(found && { success: true, ...found });
      });
  return {
    posts: (viewer, { query }) => content.posts(viewer, query.category),
    commentCounts: () => json({ success: true, counts: others.commentCounts() }),
    postConversation: conversation('post'),
    journalConversation: conversation('journal'),
    poemConversation: conversation('poem'),
    post: (viewer, { params: { id } }) => (id.length > 200 ? undefined : content.post(id, viewer)),
    journal: (viewer) => content.journal(viewer),
    journalEntry: (viewer, { params }) =>
      bySlug(params, (slug) => content.journalEntry(slug, viewer)),
    poems: (viewer) => content.poems(viewer),
    poem: (viewer, { params }) => bySlug(params, (slug) => content.poem(slug, viewer)),
    books: (viewer, { query }) => {
      let statuses: readonly string[] | undefined = query.list ? BOOK_LISTS[query.list] : undefined;
      if (query.status) {
        statuses = statuses ? statuses.filter((status) => status === query.status) : [query.status];
      }
      return content.books(viewer, { statuses });
    },
    book: (viewer, { params }) => bySlug(params, (slug) => content.book(slug, viewer)),
    projects: (viewer) => content.projects(viewer),
    project: (viewer, { params }) => bySlug(params, (slug) => content.project(slug, viewer)),
    now: (viewer) => content.now(viewer),
    nowArchives: (viewer) => content.nowArchives(viewer),
    nowArchive: (viewer, { params }) => bySlug(params, (slug) => content.nowArchive(slug, viewer)),
    categories: (viewer) => content.categories(viewer),
    links: (viewer) => content.links(viewer),
    site: (viewer) => content.site(viewer),
    page: (viewer, { params }) => bySlug(params, (slug) => content.page(slug, viewer)),
    search: (viewer, { query: { q } }) => json(content.search(q, viewer)),
  };
}

/** One read, its input parsed as the HTTP endpoint parses it; a typed runner for any name. */
export function runRead<Name extends ReadEndpointName>(
  reads: ContentReads,
  name: Name,
  viewer: Viewer,
  input: EndpointInput<Name>,
): JsonBody | undefined {
  return (reads[name] as (viewer: Viewer, input: EndpointInput<Name>) => JsonBody | undefined)(
    viewer,
    input,
  );
}

/**
 * The in-process transport of the pages' ContentReader (domain's contentReaderOver): the same
 * endpoint, parsed with the same schemas, for one kind of viewer, without HTTP.
 */
export function inProcessContentCall(reads: ContentReads, viewer: Viewer): ContentCall {
  return async (name, options = {}) => {
    try {
      const input = parseEndpointInput(name, options);
      const answer = runRead(reads, name, viewer, input);
      return answer
        ? { ok: true, data: JSON.parse(answer.body) as unknown }
        : { ok: false, status: 404, code: 'NOT_FOUND', message: MESSAGES.NOT_FOUND };
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return { ok: false, status: refusal.status, code: refusal.code, message: refusal.message };
    }
  };
}

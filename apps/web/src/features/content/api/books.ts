/** GET /api/books[?list=bookshelf|reading-list] and GET /api/books/{slug}. */
import type { Book, BookList } from '@quillpost/domain';
import { useApiResource } from '../../../lib/use-api-resource';
import { isBook, listOf, schemaOf } from './content-guards';

const bookListSchema = schemaOf(listOf(isBook));
const bookSchema = schemaOf(isBook);

/** All books, or one shelf of them. */
export function useBooks(list?: BookList) {
  return useApiResource<Book[]>(`books:${list ?? ''}`, (api, signal) =>
    api.get('/api/books', { query: { list }, schema: bookListSchema, signal }),
  );
}

export function useBook(slug: string) {
  return useApiResource<Book>(`book:${slug}`, (api, signal) =>
    api.get(`/api/books/${encodeURIComponent(slug)}`, { schema: bookSchema, signal }),
  );
}
